/**
 * The facts about an X.509 certificate that signing and verification need, read once from its DER.
 *
 * node:crypto's X509Certificate gives the public key (any algorithm), the serial and the validity;
 * forge's ASN.1 parser gives the issuer and subject Names as structures, which the RFC 4514 form
 * needs (node:crypto only offers a lossy multi-line text).
 */
import { X509Certificate, createHash, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { attributeText, readableName, rfc4514Name } from './distinguished-name.ts';

export interface CertificateInfo {
  der: Buffer;
  /** Readable subject, e.g. "CN=..., O=..., C=CR". */
  subject: string;
  /** RFC 4514 issuer name, for ds:X509IssuerName. */
  issuerName: string;
  /** Decimal serial number, for ds:X509SerialNumber. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  publicKey: KeyObject;
}

type Asn1 = forge.asn1.Asn1;

/** The issuer and subject Name nodes of a DER certificate. */
function names(der: Buffer): { issuer: Asn1; subject: Asn1 } {
  const certificate = forge.asn1.fromDer(der.toString('binary'));
  const tbs = (certificate.value as Asn1[])[0];
  const fields = (tbs?.value ?? []) as Asn1[];
  // TBSCertificate starts with an optional [0] EXPLICIT version.
  const first = fields[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const issuer = fields[first + 2];
  const subject = fields[first + 4];
  if (!issuer || !subject) throw new Error('certificate has no issuer or subject');
  return { issuer, subject };
}

/** Reads a DER certificate; throws if it is not one. */
export function readCertificate(der: Buffer): CertificateInfo {
  const x509 = new X509Certificate(der);
  const { issuer, subject } = names(der);
  return {
    der: Buffer.from(der),
    subject: readableName(subject),
    issuerName: rfc4514Name(issuer),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    publicKey: x509.publicKey,
  };
}

/** The text of a subject attribute of a DER certificate (e.g. '2.5.4.5', serialNumber), if present. */
export function subjectAttribute(der: Buffer, oid: string): string | undefined {
  return attributeText(names(der).subject, oid);
}

/** base64 digest of the DER certificate (xades:CertDigest). */
export function certificateDigest(der: Buffer, algorithm: 'sha1' | 'sha256' | 'sha384' | 'sha512' = 'sha256'): string {
  return createHash(algorithm).update(der).digest('base64');
}
