/**
 * The error envelope, written here and nowhere else: `{success: false, error: {code, message, errors?},
 * timestamp, api_version}` plus a top-level `message` for authentication, permission, limit, idempotency and
 * quota errors, in the request's language. The plugin installs the error and not-found handlers;
 * `frameworkErrors` is for Fastify's constructor option (errors raised before routing: a malformed URL, an
 * over-long parameter). What a thrown error means is error-mapping.ts's.
 */
import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_VERSION } from '../envelope.ts';
import { languageOf } from '../request-language.ts';
import { localizeMessage } from '../../i18n/server-messages.ts';
import type { Language } from '../../i18n/validation-messages.ts';
import { joinFieldErrors } from '../../domain/errors.ts';
import { ApiError, TOP_LEVEL_MESSAGE_CODES, TOP_LEVEL_MESSAGE_STATUSES } from '../errors.ts';
import { toApiError } from './error-mapping.ts';

export { toApiError };

/** `language`: the request's (request-language.ts); the catalogue's messages are given in it (docs/languages.md). */
export function errorBody(error: ApiError, now = new Date(), language: Language = 'en'): Record<string, unknown> {
  const say = (text: string) => (error.options.localized ? text : localizeMessage(language, text));
  const fieldErrors = error.options.fieldErrors && Object.fromEntries(Object.entries(error.options.fieldErrors).map(([path, list]) => [path, list.map(say)]));
  // validationError() joins the field messages into the message: join the translated ones then.
  const message = fieldErrors && error.message === joinFieldErrors(error.options.fieldErrors!) ? joinFieldErrors(fieldErrors) : say(error.message);
  const body: Record<string, unknown> = {
    success: false,
    error: {
      code: error.code,
      message,
      ...(fieldErrors ? { errors: fieldErrors } : {}),
      ...error.options.details,
    },
    timestamp: now.toISOString(),
    api_version: API_VERSION,
  };
  if (TOP_LEVEL_MESSAGE_STATUSES.has(error.status) || TOP_LEVEL_MESSAGE_CODES.has(error.code)) body['message'] = message;
  return body;
}

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
  return reply.code(error.status).send(errorBody(error, new Date(), languageOf(reply.request)));
}

/** Fastify's `frameworkErrors` constructor option: errors fastify raises before routing get the envelope too. */
export function frameworkErrors(error: FastifyError, request: Pick<FastifyRequest, 'headers'>, reply: unknown): void {
  const apiError = toApiError(error) ?? new ApiError('invalid_request', 400, error.message || 'Invalid request.');
  void (reply as FastifyReply).code(apiError.status).send(errorBody(apiError, new Date(), languageOf(request)));
}

export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError) return sendError(reply, apiError);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new ApiError('internal_error', 500, 'An unexpected error occurred; it has been logged.'));
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, new ApiError('not_found', 404, `No route ${request.method} ${request.url.split('?')[0]}.`)));
}, { name: 'facturador-errors' });
