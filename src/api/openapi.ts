/**
 * OpenAPI 3.1 generated from the routes' TypeBox schemas (so documentation and validation cannot disagree),
 * served at /api/v1/openapi.json and browsable at /api/v1/docs.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Facturador API', version: '1.0', description: 'Costa Rican electronic tax documents (Hacienda v4.4), served locally.' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  // No validator badge: it is an image from validator.swagger.io, which the docs page's CSP refuses
  // (security-headers.ts) and which would tell a third party that this install exists.
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs', uiConfig: { docExpansion: 'list', validatorUrl: null } });
  app.get('/api/v1/openapi.json', { config: { key: 'none' }, schema: { hide: true } }, async () => app.swagger());
}
