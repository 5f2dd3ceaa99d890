/**
 * The API's names for the one error type (domain/errors.ts): routes throw `ApiError` — the same class as
 * AppError — or the helpers below, and the error handler writes the spec's envelope. No route builds an
 * error body itself. What is the envelope's alone (which codes repeat the message at the top) stays here.
 */
export { AppError as ApiError, notFound, parameterError, validationError } from '../domain/errors.ts';
export type { AppErrorOptions as ApiErrorOptions } from '../domain/errors.ts';

/** Codes whose body repeats `error.message` as a top-level `message` (spec, Response envelopes). */
export const TOP_LEVEL_MESSAGE_STATUSES = new Set([401, 402, 403, 429]);
export const TOP_LEVEL_MESSAGE_CODES = new Set(['idempotency_in_progress', 'invalid_idempotency_key', 'idempotency_key_reused', 'idempotency_replay_unavailable', 'quota_exceeded', 'rate_limited']);
