/**
 * The peer for the signing benchmark: XAdES-EPES with xadesjs the way other Costa Rican projects do
 * it (DojoCodingLabs/hacienda-cr, facturacr/facturar-costa-rica-lib): parse the document, sign with
 * RSASSA-PKCS1-v1_5 SHA-256, one URI="" reference with enveloped + exc-c14n transforms, the v4.4
 * policy, signingCertificate, signingTime, the certificate in KeyInfo; append the signature to the
 * root and serialise.
 */
import { Crypto } from '@peculiar/webcrypto';
import { XMLSerializer } from '@xmldom/xmldom';
import * as xadesjs from 'xadesjs';
import { POLICY_V44_HASH, POLICY_V44_IDENTIFIER } from '../../src/signing/signature-template.ts';
import { configureXadesjs } from '../../test/helpers/xadesjs.ts';

export interface XadesjsKey {
  privateKeyPkcs8Der: Buffer;
  certDer: Buffer;
}

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

/** Imports the key once (outside any timed loop) and returns the signing function. */
export async function prepareXadesjs(key: XadesjsKey): Promise<(unsignedXml: string) => Promise<string>> {
  await configureXadesjs();
  const crypto = new Crypto();
  xadesjs.Application.setEngine('NodeJS', crypto as unknown as globalThis.Crypto);
  const privateKey = await crypto.subtle.importKey('pkcs8', new Uint8Array(key.privateKeyPkcs8Der), ALGORITHM, false, ['sign']);
  const certificate = key.certDer.toString('base64');
  return async (unsignedXml: string) => {
    const doc = xadesjs.Parse(unsignedXml);
    const signedXml = new xadesjs.SignedXml();
    const signature = await signedXml.Sign(ALGORITHM, privateKey, doc, {
      references: [{ hash: 'SHA-256', transforms: ['enveloped', 'exc-c14n'] }],
      policy: { hash: 'SHA-256', identifier: { value: POLICY_V44_IDENTIFIER }, digestValue: POLICY_V44_HASH },
      signingCertificate: certificate,
      signingTime: { value: new Date() },
      x509: [certificate],
    });
    doc.documentElement.appendChild(signature.GetXml()!);
    return new XMLSerializer().serializeToString(doc as never);
  };
}

/** One-shot form: imports the key and signs one document. */
export async function xadesjsSign(unsignedXml: string, key: XadesjsKey): Promise<string> {
  return (await prepareXadesjs(key))(unsignedXml);
}
