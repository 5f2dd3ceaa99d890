/**
 * What anything thrown means to a client: an `ApiError` (domain/errors.ts's AppError, which IssueError and
 * RequestValidationError are too) as it is, and what fastify or Ajv throw mapped to the spec's codes. Bad
 * input of any kind ends as a 4xx; `undefined` means a real fault of ours (errors.ts answers 500 and logs it).
 */
import type { FastifyError } from 'fastify';
import { ApiError, validationError } from '../errors.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv's `/items/0/name` and `required` errors as the spec's dot paths. */
function schemaErrors(errors: AjvError[], context: string | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    let path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && typeof e.params['missingProperty'] === 'string') {
      path = path ? `${path}.${e.params['missingProperty']}` : e.params['missingProperty'];
    }
    if (e.keyword === 'additionalProperties' && typeof e.params['additionalProperty'] === 'string') {
      path = path ? `${path}.${e.params['additionalProperty']}` : e.params['additionalProperty'];
    }
    const key = path || context || 'body';
    const message = e.keyword === 'required' ? 'This field is required.' : `${(e.message ?? 'is invalid').replace(/^must/, 'Must')}.`;
    const list = (out[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

/** Where a parameter that fails its schema sits, as the message names it. */
const PARAMETER_PLACES: Record<string, string> = { querystring: 'query parameter', params: 'path parameter', headers: 'header' };

/**
 * A query string, path parameter or header that fails its schema: the spec keeps 422 `validation_error` for
 * bodies and gives parameters 400 codes (errors table): `missing_param` when one is absent, `invalid_date`
 * for a date that is not YYYY-MM-DD, `invalid_request` otherwise. The first problem is reported, by name.
 */
function schemaParameterError(errors: AjvError[], context: string): ApiError {
  const place = PARAMETER_PLACES[context]!;
  // Every problem stays listed per parameter in `error.errors`, as a body's would be.
  const options = { fieldErrors: schemaErrors(errors, context) };
  const missing = errors.find((e) => e.keyword === 'required');
  if (missing) return new ApiError('missing_param', 400, `The ${place} ${String(missing.params['missingProperty'])} is missing.`, options);
  const first = errors[0]!;
  const [name, [detail]] = Object.entries(schemaErrors([first], context))[0]!;
  if (first.keyword === 'format' && first.params['format'] === 'date') {
    return new ApiError('invalid_date', 400, `The ${place} ${name} must be a calendar date written YYYY-MM-DD.`, options);
  }
  return new ApiError('invalid_request', 400, `The ${place} ${name} is not valid: ${detail}`, options);
}

/** fastify's own body errors, by code. */
function contentTypeError(code: string | undefined): ApiError | undefined {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 400, 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 413, 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 415, 'Send the body as application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_request', 400, 'The Content-Length does not match the body.');
  }
  return undefined;
}

/** Turns anything thrown into an ApiError, or undefined when it is a fault of ours. */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const e = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (e.validation && e.validationContext && e.validationContext in PARAMETER_PLACES) return schemaParameterError(e.validation, e.validationContext);
  if (e.validation) return validationError(schemaErrors(e.validation, e.validationContext));
  const bodyError = contentTypeError(e.code);
  if (bodyError) return bodyError;
  if (error instanceof SyntaxError) return new ApiError('invalid_json', 400, 'The request body is not valid JSON.');
  // A database another process holds (the reference catalogs being built at first start): soon free again.
  if (e.code === 'SQLITE_BUSY') {
    return new ApiError('service_unavailable', 503, 'The data is being prepared (e.g. the reference catalogs at first start); retry in a moment.', { headers: { 'Retry-After': 1 } });
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError('invalid_request', e.statusCode, e.message || 'Invalid request.');
  }
  return undefined;
}
