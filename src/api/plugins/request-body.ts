/**
 * How a request's body is read and checked: JSON with an empty body allowed, and the schema validators of
 * validators.ts (no coercion for bodies, coercion for query strings and path parameters).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from './validators.ts';

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

export const requestBodyPlugin = fp(async (app) => {
  acceptEmptyJson(app);
  app.setValidatorCompiler(validatorCompiler);
}, { name: 'facturador-request-body' });
