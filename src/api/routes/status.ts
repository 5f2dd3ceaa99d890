/** GET /status: service health (spec ServiceStatus); 503 `degraded` when the store cannot serve. */
import type { RoutePlugin } from './index.ts';
import { API_VERSION } from '../envelope.ts';

export const SERVICE_VERSION = '0.1.0';

export const statusRoutes: RoutePlugin = (core) => async (app) => {
  app.get('/status', { config: { key: 'none' } }, async (_request, reply) => {
    const healthy = core.store.isHealthy();
    const now = core.clock.now().toISOString();
    const data = {
      status: healthy ? 'ok' : 'degraded',
      version: SERVICE_VERSION,
      timestamp: now,
      database: healthy ? 'connected' : 'disconnected',
      // The tax-authority checks (token and API per environment) join with the delivery issue.
      hacienda: {},
    };
    return reply.code(healthy ? 200 : 503).send({ success: healthy, data, timestamp: now, api_version: API_VERSION });
  });
};
