/**
 * The one error type of the project (DESIGN.md, "Errors"): every layer throws an AppError with the spec's
 * code and HTTP status, and the API's error handler is the only place that turns it into the envelope. It
 * lives at the bottom so that services, documents and the store can throw it without knowing the API.
 */
export interface AppErrorOptions {
  /** `error.errors`: field path -> messages (validation only). */
  fieldErrors?: Record<string, string[]>;
  /** Extra members of `error` (e.g. `upgrade_url`, `usage` on quota errors). */
  details?: Record<string, unknown>;
  headers?: Record<string, string | number>;
  /**
   * Set when the messages are already in the language the request asked for (a document's validation, in
   * `api_config.language`); otherwise the error handler puts known messages in the request's language.
   */
  localized?: boolean;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The field messages of a validation error, joined into its message. */
export const joinFieldErrors = (errors: Record<string, string[]>) => Object.values(errors).flat().join(' | ');

export const notFound = (what = 'Resource') => new AppError('not_found', 404, `${what} not found.`);
/**
 * A query parameter's problems (spec: 400, keeping 422 for bodies): `missing_param` when it is absent,
 * `invalid_request` otherwise; `error.errors` names the parameter as a body's field would be named.
 */
export const parameterError = (code: 'missing_param' | 'invalid_request', errors: Record<string, string[]>) =>
  new AppError(code, 400, joinFieldErrors(errors), { fieldErrors: errors });
export const validationError = (errors: Record<string, string[]>) =>
  new AppError('validation_error', 422, joinFieldErrors(errors), { fieldErrors: errors });
