/** Why a .p12 could not be turned into a signing identity (or a document could not be signed). */
export type SigningErrorCode =
  | 'wrong_pin'
  | 'corrupt_p12'
  | 'no_private_key'
  | 'no_matching_certificate'
  | 'unsupported_key'
  | 'invalid_input';

/**
 * The one error type of src/signing. Callers (the keys API, the CLI) map `code` to a user message;
 * `message` already names what is wrong in plain words.
 */
export class SigningError extends Error {
  readonly code: SigningErrorCode;

  constructor(code: SigningErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SigningError';
    this.code = code;
  }
}
