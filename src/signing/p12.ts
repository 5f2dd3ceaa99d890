/**
 * Loads a PKCS#12 (.p12) file into a signing identity: the RSA private key as a node:crypto
 * KeyObject (converted once) and the certificate whose public key matches it, with every value the
 * signature needs precomputed (base64, SHA-256 digest, RFC 4514 issuer, decimal serial).
 *
 * node-forge reads the file, so the legacy encryptions of the tax authority's ATV files
 * (pbeWithSHAAnd40BitRC2-CBC, pbeWithSHAAnd3-KeyTripleDES-CBC) work without OpenSSL's legacy
 * provider, as do PBES2/AES files with a SHA-1/SHA-2 MAC. Every failure is a SigningError.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { certificateDigest, readCertificate } from './certificate-info.ts';
import { SigningError } from './signing-error.ts';

export { SigningError } from './signing-error.ts';
export type { SigningErrorCode } from './signing-error.ts';

export interface SigningIdentity {
  privateKey: KeyObject; // node:crypto, loaded once
  certificateDer: Buffer;
  certificateBase64: string; // for ds:X509Certificate
  certificateDigestSha256: string; // base64, for xades:CertDigest
  issuerName: string; // RFC 4514, e.g. "CN=CA SINPE - PERSONA JURIDICA,OU=...,O=...,C=CR,2.5.4.5=#130c..."
  serialNumber: string; // decimal
  subject: string; // readable, e.g. "CN=..., OU=..., O=..., C=CR, SERIALNUMBER=CPJ-3-101-123456"
  notBefore: Date;
  notAfter: Date;
}

const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;
type Bag = forge.pkcs12.Bag;

/** The PFX structure, before any password is used. */
function parsePfx(p12: Buffer): Asn1 {
  if (!Buffer.isBuffer(p12) || p12.length === 0) {
    throw new SigningError('corrupt_p12', 'The .p12 file is empty.');
  }
  try {
    // Strict: a truncated file must fail here (forge is otherwise lenient with short values).
    // BER indefinite lengths, which some tools write, are still accepted.
    return asn1.fromDer(p12.toString('binary'), true);
  } catch (cause) {
    throw new SigningError('corrupt_p12', 'The file is not a PKCS#12 (.p12) file: it could not be read as ASN.1.', { cause });
  }
}

const UNSUPPORTED = /unsupported|unknown|not supported|only pkcs#12 pfx|password integrity/i;

/** Maps forge's plain Errors to SigningError codes. A PFX without MAC cannot tell a wrong PIN from
 * corrupt data, so a decryption failure there is reported as a wrong PIN (by far the likelier). */
function classifyForgeError(cause: unknown, hasMac: boolean): SigningError {
  const message = cause instanceof Error ? cause.message : String(cause);
  if (/MAC could not be verified|wrong password|Invalid password/i.test(message)) {
    return new SigningError('wrong_pin', 'Wrong PIN: the .p12 file could not be opened with it.', { cause });
  }
  if (UNSUPPORTED.test(message)) {
    return new SigningError('corrupt_p12', `The .p12 file uses a format this app cannot read (${message}). ` +
      'Export it again with RC2/3DES or AES-CBC encryption and a SHA-1 or SHA-256 MAC.', { cause });
  }
  if (!hasMac && /decrypt/i.test(message)) {
    return new SigningError('wrong_pin', 'Wrong PIN: the .p12 file could not be decrypted with it.', { cause });
  }
  return new SigningError('corrupt_p12', `The .p12 file is damaged: ${message}.`, { cause });
}

function openPfx(pfxAsn1: Asn1, pin: string): forge.pkcs12.Pkcs12Pfx {
  const hasMac = Array.isArray(pfxAsn1.value) && pfxAsn1.value.length > 2;
  try {
    return forge.pkcs12.pkcs12FromAsn1(pfxAsn1, true, pin);
  } catch (cause) {
    throw classifyForgeError(cause, hasMac);
  }
}

function bagsOf(pfx: forge.pkcs12.Pkcs12Pfx, type: string): Bag[] {
  return pfx.getBags({ bagType: type })[type] ?? [];
}

/**
 * The exact DER of a certificate forge parsed. forge re-encodes the TBSCertificate from the parsed
 * ASN.1 (faithful) but rebuilds the outer signature AlgorithmIdentifier; RFC 5280 requires it to
 * equal the TBSCertificate's `signature` field, so that field is copied instead.
 */
function certificateDer(bag: Bag): Buffer {
  if (bag.cert) {
    const cert = bag.cert as forge.pki.Certificate & { tbsCertificate: Asn1 };
    const tbs = cert.tbsCertificate;
    const fields = tbs.value as Asn1[];
    const algorithm = fields[fields[0]?.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 2 : 1]!;
    const outer = asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
      tbs, algorithm, asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BITSTRING, false, `\u0000${cert.signature as string}`),
    ]);
    return Buffer.from(asn1.toDer(outer).getBytes(), 'binary');
  }
  // forge could not model the certificate (e.g. a non-RSA key): keep its raw ASN.1.
  return Buffer.from(asn1.toDer(bag.asn1).getBytes(), 'binary');
}

/** The private keys of the file as KeyObjects. */
function privateKeys(pfx: forge.pkcs12.Pkcs12Pfx): KeyObject[] {
  const bags = [...bagsOf(pfx, pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(pfx, pki.oids.keyBag!)];
  if (bags.length === 0) {
    throw new SigningError('no_private_key', 'The .p12 file contains no private key (only certificates).');
  }
  const keys = bags.filter((bag) => bag.key).map((bag) => {
    const info = pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(bag.key!));
    return createPrivateKey({ key: Buffer.from(asn1.toDer(info).getBytes(), 'binary'), format: 'der', type: 'pkcs8' });
  });
  if (keys.length === 0) {
    throw new SigningError('unsupported_key', 'The private key in the .p12 file is not an RSA key; Hacienda requires RSA 2048 or 4096.');
  }
  return keys;
}

function matchingPair(keys: KeyObject[], certificates: Buffer[]): { key: KeyObject; der: Buffer } {
  for (const key of keys) {
    for (const der of certificates) {
      let x509: X509Certificate;
      try {
        x509 = new X509Certificate(der);
      } catch {
        continue;
      }
      if (x509.checkPrivateKey(key)) return { key, der };
    }
  }
  throw new SigningError('no_matching_certificate', certificates.length === 0
    ? 'The .p12 file contains a private key but no certificate.'
    : 'None of the certificates in the .p12 file belongs to its private key.');
}

/** Reads a .p12 file with its PIN; throws SigningError for anything that is not a usable RSA identity. */
export function loadP12(p12: Buffer, pin: string): SigningIdentity {
  const pfx = openPfx(parsePfx(p12), pin);
  const keys = privateKeys(pfx);
  const certificates = bagsOf(pfx, pki.oids.certBag!).map(certificateDer);
  const { key, der } = matchingPair(keys, certificates);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) {
    throw new SigningError('unsupported_key', `The RSA key has ${bits} bits; Hacienda requires RSA 2048 or 4096.`);
  }
  const info = readCertificate(der);
  return {
    privateKey: key,
    certificateDer: info.der,
    certificateBase64: info.der.toString('base64'),
    certificateDigestSha256: certificateDigest(info.der),
    issuerName: info.issuerName,
    serialNumber: info.serialNumber,
    subject: info.subject,
    notBefore: info.notBefore,
    notAfter: info.notAfter,
  };
}

/** What the keys API shows about a loaded certificate. */
export function describeCertificate(identity: SigningIdentity, now: Date): {
  subject: string; serial_number: string; expiry_date: string; is_expired: boolean;
} {
  return {
    subject: identity.subject,
    serial_number: identity.serialNumber,
    // The calendar date in Costa Rica (UTC-06:00 all year), as the app shows every date.
    expiry_date: new Date(identity.notAfter.getTime() - 6 * 3600 * 1000).toISOString().slice(0, 10),
    is_expired: now.getTime() > identity.notAfter.getTime(),
  };
}
