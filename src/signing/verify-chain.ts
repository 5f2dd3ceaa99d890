/**
 * Who signed, beyond "the signature value verifies": the identification the signer's certificate names
 * (subject serialNumber, e.g. CPJ-3-101-123456) and whether the certificate chains to a Costa Rican root
 * (trust-roots.ts). The chain is built from the certificate's own issuers, taken from KeyInfo and from the
 * published intermediates; each link's signature is checked.
 *
 * The Ministerio de Hacienda's intermediate CAs are not published where this project could take them, so
 * the ATV "llave criptográfica" of most issuers, and the tax authority's own answers, usually end at an
 * issuer that cannot be found: that is `verified: false`, reported as "signature valid, chain not
 * verified" — never as fully verified, and never as an invalid signature. Validity periods are not judged:
 * an archive holds documents signed years ago with certificates long expired.
 */
import { X509Certificate } from 'node:crypto';
import type { CertificateInfo } from './certificate-info.ts';
import { costaRicanTrustStore, type TrustStore } from './trust-roots.ts';
import { certificateHolder } from './certificate-holder.ts';

export interface ChainResult {
  /** True only when every link up to a Costa Rican root was found and its signature checked. */
  verified: boolean;
  /** The root reached, or where and why the chain stops. */
  detail: string;
}

export interface SignerIdentity {
  /** The holder's identification as the certificate writes it (subject serialNumber), if it names one. */
  holder?: string;
  chain: ChainResult;
}

/** Longer chains than this are not Costa Rican (root → política → SINPE → person is three links). */
const MAX_LINKS = 6;

const commonName = (cert: X509Certificate) => /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1] ?? cert.subject.replace(/\n/g, ', ');

function issuedBy(cert: X509Certificate, candidate: X509Certificate): boolean {
  try {
    return cert.checkIssued(candidate) && cert.verify(candidate.publicKey);
  } catch {
    return false;
  }
}

/** Chains `signer` through `others` (KeyInfo) and the published intermediates to a root of `trust`. */
export function verifyChain(signer: Buffer, others: Buffer[], trust: TrustStore = costaRicanTrustStore()): ChainResult {
  let current: X509Certificate;
  let candidates: X509Certificate[];
  try {
    current = new X509Certificate(signer);
    candidates = [...others.map((der) => new X509Certificate(der)).filter((cert) => cert.ca), ...trust.intermediates];
  } catch (error) {
    return { verified: false, detail: `a certificate cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  for (let links = 0; links < MAX_LINKS; links++) {
    const root = trust.roots.find((candidate) => issuedBy(current, candidate));
    if (root) return { verified: true, detail: `chained to ${commonName(root)}` };
    if (current.subject === current.issuer) {
      return { verified: false, detail: `${commonName(current)} is self-signed and not a Costa Rican certification authority` };
    }
    const issuer = candidates.find((candidate) => candidate !== current && issuedBy(current, candidate));
    if (!issuer) {
      return { verified: false, detail: `the issuer of ${commonName(current)} is not known (${current.issuer.replace(/\n/g, ', ')}): the chain cannot be completed` };
    }
    current = issuer;
  }
  return { verified: false, detail: `more than ${MAX_LINKS} links without reaching a Costa Rican root` };
}

/** The holder and chain of the certificate whose key verified the signature value. */
export function signerIdentity(signer: CertificateInfo, certificates: CertificateInfo[]): SignerIdentity {
  const others = certificates.filter((cert) => cert !== signer).map((cert) => cert.der);
  let holder: string | undefined;
  try {
    holder = certificateHolder(signer.der);
  } catch {
    holder = undefined;
  }
  return { ...(holder ? { holder } : {}), chain: verifyChain(signer.der, others) };
}
