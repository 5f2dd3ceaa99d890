/**
 * The cryptographic core of verification: the certificates of ds:KeyInfo and the check of
 * ds:SignatureValue over the canonical ds:SignedInfo (canonicalised by xml-crypto).
 *
 * KeyInfo may carry a chain; the signer is the certificate whose key verifies the signature value
 * (usually the first), so the order in which others put the chain does not matter.
 */
import { verify as verifySignature } from 'node:crypto';
import type { SignedXml } from 'xml-crypto';
import { readCertificate, type CertificateInfo } from './certificate-info.ts';
import { ancestorNamespaces, childElements, childPath, firstChild, textOf } from './dom.ts';
import type { SignedInfoSpec } from './signed-info.ts';
import { DS_NS } from './signature-template.ts';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Certificates already read, by their base64: the tax authority signs every answer with the same one. */
const known = new Map<string, CertificateInfo>();

function cachedCertificate(base64: string): CertificateInfo {
  let info = known.get(base64);
  if (!info) {
    info = readCertificate(Buffer.from(base64, 'base64'));
    if (known.size >= 64) known.delete(known.keys().next().value!);
    known.set(base64, info);
  }
  return info;
}

/** The readable certificates of KeyInfo/X509Data/X509Certificate, in document order. */
export function keyInfoCertificates(signature: Element): { certificates: CertificateInfo[]; problem?: string } {
  const keyInfo = firstChild(signature, DS_NS, 'KeyInfo');
  const encoded = keyInfo
    ? childElements(keyInfo, DS_NS, 'X509Data').flatMap((data) => childElements(data, DS_NS, 'X509Certificate'))
    : [];
  if (encoded.length === 0) {
    return { certificates: [], problem: 'no X509Certificate in KeyInfo: the signer is unknown and the signature cannot be checked' };
  }
  const certificates: CertificateInfo[] = [];
  let lastError = '';
  for (const element of encoded) {
    try {
      certificates.push(cachedCertificate((textOf(element) ?? '').replace(/\s+/g, '')));
    } catch (error) {
      lastError = message(error);
    }
  }
  return certificates.length > 0 ? { certificates } : { certificates, problem: `the KeyInfo certificate cannot be read: ${lastError}` };
}

/** Checks ds:SignatureValue; `signer` is the certificate that verifies it (else the first one). */
export function checkSignatureValue(
  signedXml: SignedXml, signature: Element, spec: SignedInfoSpec, certificates: CertificateInfo[],
): { signer?: CertificateInfo; problem?: string } {
  const fallback = certificates[0];
  const value = (textOf(childPath(signature, DS_NS, 'SignatureValue')) ?? '').replace(/\s+/g, '');
  if (!value) return { signer: fallback, problem: 'the signature has no SignatureValue' };
  let canonical: Buffer;
  try {
    canonical = Buffer.from(signedXml.getCanonXml([spec.canonicalization], spec.element, {
      ancestorNamespaces: ancestorNamespaces(spec.element),
    }), 'utf8');
  } catch (error) {
    return { signer: fallback, problem: `SignedInfo could not be canonicalised: ${message(error)}` };
  }
  let lastError: string | undefined;
  for (const certificate of certificates) {
    try {
      if (verifySignature(spec.signatureHash!, canonical, certificate.publicKey, Buffer.from(value, 'base64'))) {
        return { signer: certificate };
      }
    } catch (error) {
      lastError = message(error); // e.g. a certificate whose key type does not fit the algorithm
    }
  }
  return {
    signer: fallback,
    problem: lastError && certificates.length === 1 ? `signature value could not be checked: ${lastError}` : 'signature value does not match',
  };
}
