/**
 * GET /status: service health (spec ServiceStatus), without a key so that monitors need no secret.
 * HTTP 503 with `status: degraded` when the store cannot serve. The tax-authority block comes from the
 * reachability monitor; `available: null` means "not checked yet" (docs/account.md, Status).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../paths.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { ReachabilityMonitor } from '../../../hacienda/reachability.ts';
import type { Store } from '../../../store/database.ts';
import type { RoutePlugin } from '../route-plugin.ts';
import { API_VERSION } from '../../envelope.ts';
import { serviceHacienda } from '../hacienda/views.ts';
import { StatusReply } from './schemas.ts';

/** The service version is the package's: one number to bump. */
export const SERVICE_VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;


/** What the status section uses: the store's health, the clock, the tax authority's reachability. */
export interface StatusDependencies {
  store: Pick<Store, 'isHealthy'>;
  clock: Clock;
  hacienda: { monitor: ReachabilityMonitor };
}

export const statusRoutes: RoutePlugin<StatusDependencies> = (deps) => async (app) => {
  app.get('/status', {
    config: { key: 'none' },
    schema: { tags: ['status'], summary: 'Service health; HTTP 503 when degraded', security: [], response: { 200: StatusReply, 503: StatusReply } },
  }, async (_request, reply) => {
    const healthy = deps.store.isHealthy();
    const now = deps.clock.now().toISOString();
    const data = {
      status: healthy ? 'ok' : 'degraded',
      version: SERVICE_VERSION,
      timestamp: now,
      database: healthy ? 'connected' : 'disconnected',
      hacienda: serviceHacienda(deps.hacienda.monitor),
    };
    // Degraded: the ServiceStatus for monitors, plus the error member generic clients look for.
    const failure = healthy ? {} : { error: { code: 'service_unavailable', message: 'The database cannot be reached.' } };
    return reply.code(healthy ? 200 : 503).send({ success: healthy, data, ...failure, timestamp: now, api_version: API_VERSION });
  });
};
