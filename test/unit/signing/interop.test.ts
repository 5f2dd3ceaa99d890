/**
 * Every signature our signer makes must be accepted by three verifiers that share no code with it:
 * our general verifier (xml-crypto), xmlsec1 (libxml2's C14N) and xadesjs — and every tampering must
 * be caught by all three.
 */
import { describe, expect, it } from 'vitest';
import { verifyXml } from '../../../src/signing/verify.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { prepareXadesjs } from '../../../bench/lib/xadesjs-sign.ts';
import { testCertificatePem, testIdentity, testKeyMaterial } from '../../fixtures/certificates.ts';
import { xadesjsVerify } from '../../helpers/xadesjs.ts';
import { xmlsecVerify } from '../../helpers/xmlsec.ts';
import { sampleTicket } from './sample-documents.ts';

async function verdicts(xml: string): Promise<{ ours: boolean; xmlsec: boolean; xadesjs: boolean }> {
  const [xmlsec, xadesjs] = await Promise.all([xmlsecVerify(xml, testCertificatePem()), xadesjsVerify(xml)]);
  return { ours: verifyXml(xml).valid, xmlsec: xmlsec.ok, xadesjs };
}

const ACCEPTED = { ours: true, xmlsec: true, xadesjs: true };
const REJECTED = { ours: false, xmlsec: false, xadesjs: false };

describe('our signatures are accepted by three independent verifiers', () => {
  it.each([
    ['a one-line ticket', sampleTicket()],
    ['a ticket without XML declaration', sampleTicket({ declaration: false })],
    ['a 200-line ticket', sampleTicket({ lines: 200 })],
    // XML 1.0 has no line-end meaning for these; a parser on XML 1.1 rules would turn them into LF.
    ['a description holding U+2028, U+2029 and U+0085', sampleTicket({ description: 'Pan\u2028dulce\u2029 de\u0085 la casa' })],
  ])('%s', async (_name, unsigned) => {
    const signed = signXml(unsigned, testIdentity());
    expect(await verdicts(signed)).toEqual(ACCEPTED);
  });

  it('xmlsec1 reports both references valid', async () => {
    const result = await xmlsecVerify(signXml(sampleTicket(), testIdentity()), testCertificatePem());
    expect(result.output).toContain('SignedInfo References (ok/all): 2/2');
  });
});

describe('tampering is caught by all three verifiers', () => {
  const signed = signXml(sampleTicket(), testIdentity(), { signingTime: new Date('2026-11-25T22:04:08Z') });
  const value = /<ds:SignatureValue[^>]*>([^<]+)</.exec(signed)![1]!;
  const flipped = (value[10] === 'A' ? 'B' : 'A');

  it.each([
    ['one character of a text node', signed.replace('Café ₡', 'Cafe ₡')],
    ['the SigningTime', signed.replace('2026-11-25T16:04:08-06:00', '2026-11-25T16:04:09-06:00')],
    ['the SignatureValue', signed.replace(value, value.slice(0, 10) + flipped + value.slice(11))],
    ['an element added to the document', signed.replace('</Clave>', '</Clave><Otro>1</Otro>')],
  ])('%s changed', async (_name, tampered) => {
    expect(tampered).not.toBe(signed);
    expect(await verdicts(tampered)).toEqual(REJECTED);
  });
});

describe('signatures made by xadesjs (the peer library) pass our verifier and xmlsec1', () => {
  // No carriage return in this sample: xmldom's serializer writes a CR in text literally, which every
  // parser then reads as LF, so xadesjs output with a CR fails everywhere (xmlsec1 included).
  it('enveloped + exc-c14n, reference without URI', async () => {
    const sign = await prepareXadesjs(testKeyMaterial());
    const signed = await sign(sampleTicket({ description: 'Café ₡ & <más> "añejo"' }));
    const result = verifyXml(signed);
    expect(result.problems).toEqual([]);
    expect(result.policy?.isV44Policy).toBe(true);
    expect(result.references[0]?.covers).toBe('whole document except signatures');
    expect((await xmlsecVerify(signed, testCertificatePem())).ok).toBe(true);
  });
});
