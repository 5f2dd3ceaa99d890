/**
 * OpenAPI 3.1 generated from the routes' TypeBox schemas (so documentation and validation cannot disagree),
 * served at /api/v1/openapi.json and browsable at /api/v1/docs. Every operation declares its request and
 * its success answer (test/api/openapi-coverage.test.ts); what they share — the error envelope, and
 * `X-Idempotency-Key` on the POSTs that issue a document — is added to the document here, never to the
 * routes' schemas (which fastify also validates and serializes with).
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';
import { DOCS_PREFIX } from './security-headers.ts';

/** The spec's error envelope (errors.ts errorBody). */
const ERROR_ENVELOPE = {
  type: 'object',
  required: ['success', 'error', 'timestamp', 'api_version'],
  properties: {
    success: { type: 'boolean', const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'a stable machine code, e.g. `validation_error`, `forbidden`, `document_not_found`' },
        message: { type: 'string', description: "in the request's language (Accept-Language or api_config.language)" },
        errors: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
          description: 'validation only: every problem at once, a field path in dot notation (`items.0.cabys_code`) to its messages',
        },
      },
      additionalProperties: true,
    },
    message: { type: 'string', description: 'repeats error.message on authentication, permission, limit, idempotency and quota errors' },
    timestamp: { type: 'string', format: 'date-time' },
    api_version: { type: 'string' },
  },
} as const;

const IDEMPOTENCY_PARAMETER = {
  in: 'header',
  name: 'X-Idempotency-Key',
  required: false,
  schema: { type: 'string', maxLength: 255 },
  description: 'The same key and body within 24 hours returns the stored answer (header Idempotent-Replayed: true) instead of doing it again (docs/idempotency.md).',
};

/** The POSTs that issue a document, where a retried request must not issue it twice. Every POST accepts the header. */
const ISSUING = new Set(['/api/v1/electronic-documents', '/api/v1/receptor-messages', '/api/v1/documents/{key}/void']);

type Operation = { parameters?: { in: string; name: string }[]; responses?: Record<string, unknown> };

/** Adds the error envelope as every operation's `default` answer and the idempotency header to the issuing POSTs. */
function withSharedParts(document: Record<string, unknown>): Record<string, unknown> {
  const paths = (document['paths'] ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      operation.responses = {
        ...operation.responses,
        default: { description: 'An error, in the error envelope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      };
      const hasHeader = operation.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_HEADER);
      if (method === 'post' && ISSUING.has(path) && !hasHeader) operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_PARAMETER];
    }
  }
  const components = (document['components'] ?? {}) as Record<string, Record<string, unknown>>;
  return { ...document, components: { ...components, schemas: { ...components['schemas'], Error: ERROR_ENVELOPE } } };
}

export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Facturador API',
        version: '1.0',
        description: 'Costa Rican electronic tax documents (Hacienda v4.4), served locally. A POS issues a document with '
          + '`POST /electronic-documents` (its request is described member by member, aliases included); a refused request '
          + 'answers 422 `validation_error` with every problem at once. Every POST accepts `X-Idempotency-Key`: the same key and '
          + 'body within 24 hours returns the stored answer instead of doing it again.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (documentObject) => withSharedParts(('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Record<string, unknown>),
  });
  // No validator badge: it is an image from validator.swagger.io, which the docs page's CSP refuses
  // (security-headers.ts) and which would tell a third party that this install exists. Tags start folded:
  // with every tag open, swagger-ui stops drawing after the first few of ~160 operations.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'none', validatorUrl: null } });
  app.get('/api/v1/openapi.json', { config: { key: 'none' }, schema: { hide: true } }, async () => app.swagger());
}, { name: 'facturador-openapi' });
