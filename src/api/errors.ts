/**
 * The one error type of the API. Routes and use cases throw it; the error handler writes the spec's
 * envelope. No route builds an error body itself.
 */
export interface ApiErrorOptions {
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

export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Codes whose body repeats `error.message` as a top-level `message` (spec, Response envelopes). */
export const TOP_LEVEL_MESSAGE_STATUSES = new Set([401, 402, 403, 429]);
export const TOP_LEVEL_MESSAGE_CODES = new Set(['idempotency_in_progress', 'invalid_idempotency_key', 'idempotency_key_reused', 'idempotency_replay_unavailable', 'quota_exceeded', 'rate_limited']);

export const notFound = (what = 'Resource') => new ApiError('not_found', 404, `${what} not found.`);
/**
 * A query parameter's problems (spec: 400, keeping 422 for bodies): `missing_param` when it is absent,
 * `invalid_request` otherwise; `error.errors` names the parameter as a body's field would be named.
 */
export const parameterError = (code: 'missing_param' | 'invalid_request', errors: Record<string, string[]>) =>
  new ApiError(code, 400, Object.values(errors).flat().join(' | '), { fieldErrors: errors });
export const validationError = (errors: Record<string, string[]>) =>
  new ApiError('validation_error', 422, Object.values(errors).flat().join(' | '), { fieldErrors: errors });
