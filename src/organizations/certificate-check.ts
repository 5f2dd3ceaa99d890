/**
 * Checks an uploaded .p12 before anything is stored, so that a bad file fails at upload (where the user
 * can fix it) and not at the first invoice. Each failure has its own 422 code (docs/organizations.md).
 */
import { AppError } from '../domain/errors.ts';
import { loadP12, SigningError, type SigningErrorCode, type SigningIdentity } from '../signing/p12.ts';
import { decodeBase64 } from './base64.ts';

export interface CheckedCertificate {
  p12: Buffer;
  identity: SigningIdentity;
}

const CODES: Record<SigningErrorCode, string> = {
  wrong_pin: 'certificate_wrong_pin',
  corrupt_p12: 'certificate_invalid',
  invalid_input: 'certificate_invalid',
  no_private_key: 'certificate_no_private_key',
  no_matching_certificate: 'certificate_key_mismatch',
  unsupported_key: 'certificate_unsupported_key',
};

function reject(code: string, message: string): AppError {
  return new AppError(code, 422, message);
}

function open(p12: Buffer, pin: string): SigningIdentity {
  try {
    return loadP12(p12, pin);
  } catch (error) {
    if (error instanceof SigningError) throw reject(CODES[error.code], error.message);
    // forge throws plain errors on inputs nobody anticipated; a bad upload is still the user's file.
    throw reject('certificate_invalid', 'The .p12 file could not be read.');
  }
}

function checkValidity(identity: SigningIdentity, now: Date): void {
  if (now.getTime() > identity.notAfter.getTime()) {
    throw reject('certificate_expired', `The certificate expired on ${identity.notAfter.toISOString().slice(0, 10)}; ` +
      'request a new one (BCCR / tax authority) and upload it.');
  }
  if (now.getTime() < identity.notBefore.getTime()) {
    throw reject('certificate_not_yet_valid', `The certificate is valid only from ${identity.notBefore.toISOString()}.`);
  }
}

/** The decoded file and its identity; throws a 422 AppError naming what is wrong. */
export function checkCertificate(base64: string, pin: string, now: Date): CheckedCertificate {
  const p12 = decodeBase64(base64);
  if (!p12) throw reject('certificate_invalid', 'The certificate must be the .p12 file encoded in base64.');
  const identity = open(p12, pin);
  checkValidity(identity, now);
  return { p12, identity };
}
