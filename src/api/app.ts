/**
 * The fastify application serving /api/v1, registration only: the cross-cutting plugins (plugins/, each
 * with its own narrow dependencies and state) in the order their hooks must run, then one plugin per spec
 * section (sections/<section>/) under the prefix.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ApiDependencies } from './dependencies.ts';
import { authPlugin } from './plugins/auth.ts';
import { browserPlugin } from './plugins/browser.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { hostCheckPlugin } from './plugins/host-check.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { requestBodyPlugin } from './plugins/request-body.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { successLanguagePlugin } from './plugins/success-language.ts';
import { ROUTE_PLUGINS } from './sections/index.ts';

/** Large enough for a 1000-line document with long texts, small enough that no client can exhaust memory. */
export const BODY_LIMIT = 8 * 1024 * 1024;
export const API_PREFIX = '/api/v1';

export async function buildApp(deps: ApiDependencies): Promise<FastifyInstance> {
  const { store, clock, vault } = deps;
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    // One line per request would cost the counter more than it tells; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
  });
  await app.register(errorsPlugin);
  await app.register(successLanguagePlugin);
  await app.register(securityHeadersPlugin);
  await app.register(requestBodyPlugin);
  // These add their hooks to each route registered after them (onRoute), so they come before every route:
  // who asks, how often, whether it was asked before.
  await app.register(authPlugin, { store, clock, approvals: deps.approvals });
  await app.register(rateLimitPlugin, { clock });
  await app.register(idempotencyPlugin, { store, clock, vault });
  // The Host check and the browser session are global hooks, which run before any route's own: their
  // refusals come before any authentication or work.
  await app.register(hostCheckPlugin, { allowedHosts: deps.config.allowedHosts ?? [] });
  await app.register(browserPlugin, { store, clock });
  await app.register(openApiPlugin);
  for (const plugin of ROUTE_PLUGINS) await app.register(plugin(deps), { prefix: API_PREFIX });
  return app;
}
