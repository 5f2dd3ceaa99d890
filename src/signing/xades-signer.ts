/**
 * XAdES-EPES signing by construction (the profile of the annex example, ANX p.85–87).
 *
 * The input is already in exclusive canonical form (see canonical-input.ts), so:
 * - the digest of reference r-id-1 (URI="", XPath filter `not(ancestor-or-self::ds:Signature)`,
 *   exc-c14n) is SHA-256 of the bytes from the root start tag to the root end tag: after the
 *   signature is inserted, the filter removes exactly what was inserted;
 * - SignedProperties and SignedInfo are emitted in their canonical form (signature-template.ts), so
 *   their digest and signature are over the very substrings that go into the document.
 * No parser, no canonicaliser: three string hashes, one RSA operation, string concatenation.
 */
import { createHash, sign, type KeyObject } from 'node:crypto';
import { pooledRandomBytes } from '../domain/random-pool.ts';
import { locateCanonicalRoot } from './canonical-input.ts';
import type { SigningIdentity } from './p12.ts';
import { SigningError } from './signing-error.ts';
import { costaRicaSigningTime } from './signing-time.ts';
import {
  identityParts, OBJECT_1, OBJECT_2, OBJECT_3, SIGNATURE_1, SIGNATURE_2, SIGNATURE_VALUE_1, SIGNATURE_VALUE_2,
  SIGNATURE_VALUE_3, SIGNED_INFO_1, SIGNED_INFO_2, SIGNED_INFO_3, SIGNED_INFO_4, SIGNED_PROPERTIES_1, SIGNED_PROPERTIES_2,
} from './signature-template.ts';

export interface SignOptions {
  /** Defaults to now. */
  signingTime?: Date;
  /** The id suffix shared by id-, value-id- and xades-id- (32 random hex digits by default). */
  randomId?: () => string;
}

const ID_SUFFIX = /^[A-Za-z0-9_-]{1,64}$/;

function randomHex(): string {
  return Buffer.from(pooledRandomBytes(16)).toString('hex');
}

function sha256Base64(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** A signature with everything computed but the one RSA operation over `signedInfo`. */
export interface PendingSignature {
  /** The canonical SignedInfo: what RSASSA-PKCS1-v1_5 / SHA-256 signs. */
  signedInfo: Buffer;
  key: KeyObject;
  /** The signed document, given the signature value over `signedInfo`. */
  complete(signatureValue: Buffer): string;
}

/** Does all the work of signing except the RSA operation, so that it may run elsewhere (the thread pool). */
export function prepareSignature(unsignedXml: string, identity: SigningIdentity, options: SignOptions = {}): PendingSignature {
  const { rootStart, rootEnd } = locateCanonicalRoot(unsignedXml);
  const id = (options.randomId ?? randomHex)();
  if (!ID_SUFFIX.test(id)) throw new SigningError('invalid_input', `Invalid signature id suffix: ${JSON.stringify(id)}.`);
  const parts = identityParts(identity);

  const documentDigest = sha256Base64(rootStart === 0 ? unsignedXml : unsignedXml.slice(rootStart));
  const signedProperties = SIGNED_PROPERTIES_1 + id + SIGNED_PROPERTIES_2 +
    costaRicaSigningTime(options.signingTime ?? new Date()) + parts.signedPropertiesTail;
  const signedInfo = SIGNED_INFO_1 + documentDigest + SIGNED_INFO_2 + id + SIGNED_INFO_3 +
    sha256Base64(signedProperties) + SIGNED_INFO_4;
  return {
    signedInfo: Buffer.from(signedInfo, 'utf8'),
    key: identity.privateKey,
    complete(signatureValue: Buffer): string {
      const signature = SIGNATURE_1 + id + SIGNATURE_2 + signedInfo +
        SIGNATURE_VALUE_1 + id + SIGNATURE_VALUE_2 + signatureValue.toString('base64') + SIGNATURE_VALUE_3 +
        parts.keyInfo + OBJECT_1 + id + OBJECT_2 + signedProperties + OBJECT_3;
      return unsignedXml.slice(0, rootEnd) + signature + unsignedXml.slice(rootEnd);
    },
  };
}

/**
 * Signs the canonical unsigned XML and returns it with one ds:Signature inserted as the last child of
 * the root. The result is the exact string to store and send; never re-serialise it.
 */
export function signXml(unsignedXml: string, identity: SigningIdentity, options: SignOptions = {}): string {
  const pending = prepareSignature(unsignedXml, identity, options);
  // RSASSA-PKCS1-v1_5 with SHA-256 over the canonical SignedInfo (rsa-sha256).
  return pending.complete(sign('sha256', pending.signedInfo, pending.key));
}

/** The RSA operation of a pending signature on libuv's thread pool, off the event loop. */
export function completeSignatureAsync(pending: PendingSignature): Promise<string> {
  return new Promise((resolve, reject) => {
    sign('sha256', pending.signedInfo, pending.key, (error, value) => {
      if (error) reject(error);
      else resolve(pending.complete(value));
    });
  });
}
