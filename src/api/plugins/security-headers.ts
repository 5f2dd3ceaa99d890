/**
 * Headers every answer carries so that a browser never reads it as something else: `nosniff` on all of
 * them (JSON, errors, the logo's bytes), and on the API's documentation page (swagger-ui, served under
 * /api/v1/docs) a Content-Security-Policy and X-Frame-Options of its own, since it runs script in the
 * server's origin. The screens' pages set theirs in browser/pages.ts.
 */
import fp from 'fastify-plugin';

export const DOCS_PREFIX = '/api/v1/docs';

/**
 * swagger-ui loads only its own files, fetches only openapi.json, and needs inline style attributes and
 * data: images (its icons); no inline script and no eval. The spec validator's badge (an image from
 * validator.swagger.io) is turned off in openapi.ts rather than allowed here.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeadersPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const path = request.url.split('?')[0]!;
    if (path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`)) {
      reply.header('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY).header('X-Frame-Options', 'DENY');
    }
    return payload;
  });
}, { name: 'facturador-security-headers' });
