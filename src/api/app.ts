/**
 * The fastify application serving /api/v1: JSON only, a body limit, the error envelope, authentication
 * and abilities (auth.ts), rate limits, idempotency, OpenAPI, and one plugin per spec section (sections/<section>/).
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import type { Core } from '../core.ts';
import { authorize } from './auth.ts';
import { installBrowserAccess } from './browser/index.ts';
import { errorBody, installErrorHandlers, toApiError } from './error-handler.ts';
import { ApiError } from './errors.ts';
import { beginIdempotent, finishIdempotent } from './idempotency.ts';
import { DEFAULT_LIMITS, RateLimiter } from './rate-limit.ts';
import { languageOf } from './request-language.ts';
import { registerOpenApi } from './openapi.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { installSuccessLanguage } from './success-language.ts';
import { validatorCompiler } from './validators.ts';
import { ROUTE_PLUGINS } from './sections/index.ts';

/** Large enough for a 1000-line document with long texts, small enough that no client can exhaust memory. */
export const BODY_LIMIT = 8 * 1024 * 1024;
export const API_PREFIX = '/api/v1';

/**
 * Clients send `Content-Type: application/json` on every request, DELETEs and `POST …/void` included, often
 * with nothing after it: an empty (or blank) body is no body, not invalid JSON. Anything else goes to
 * fastify's own parser (with its prototype-poisoning protection).
 */
function acceptEmptyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

export async function buildApp(core: Core): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: core.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    // One line per request would cost the counter more than it tells; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 500 },
    // Errors fastify raises before routing (malformed URL, over-long parameter) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      const apiError = toApiError(error) ?? new ApiError('invalid_request', 400, error.message || 'Invalid request.');
      void (reply as FastifyReply).code(apiError.status).send(errorBody(apiError, new Date(), languageOf(request)));
    },
  });
  installErrorHandlers(app);
  installSuccessLanguage(app);
  installSecurityHeaders(app);
  acceptEmptyJson(app);
  app.setValidatorCompiler(validatorCompiler);
  // Host check and browser session first: their refusals come before any authentication or work.
  installBrowserAccess(app, core);

  // The API's own state, made with the app: the counters of this server's keys (docs/rate-limits.md).
  const rateLimiter = new RateLimiter();
  app.addHook('onRequest', async (request, reply) => {
    authorize(core, request);
    const auth = request.auth;
    if (!auth) return;
    const org = auth.organization;
    const limits = org ? { perMinute: org.ratePerMinute, perDay: org.ratePerDay } : DEFAULT_LIMITS;
    const state = rateLimiter.hit(auth.key.id, limits, core.clock.now().getTime());
    reply.header('X-RateLimit-Limit', state.limit).header('X-RateLimit-Remaining', state.remaining).header('X-RateLimit-Reset', state.reset);
  });
  app.addHook('preHandler', async (request, reply) => {
    if (beginIdempotent(core, request, reply)) return reply;
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    finishIdempotent(core, request, reply, payload);
    return payload;
  });

  await registerOpenApi(app);
  for (const plugin of ROUTE_PLUGINS) await app.register(plugin(core), { prefix: API_PREFIX });
  return app;
}
