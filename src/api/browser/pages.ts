/**
 * The browser's routes outside /api/v1: the home page (the built renderer, or a placeholder), the login
 * page, POST /login (one-time token -> session cookie) and POST /logout. They need no key (`key: 'none'`):
 * the session they create is what authenticates the browser afterwards.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCOUNT_ABILITIES } from '../abilities.ts';
import { ApiError, notFound } from '../errors.ts';
import { localAccount } from '../../store/accounts.ts';
import { browserKey } from '../../store/browser-key.ts';
import { clearedSessionCookie, sessionCookie } from './cookies.ts';
import { CONTENT_SECURITY_POLICY } from './content-security-policy.ts';
import { HOME_PAGE, HOME_SCRIPT, LOGIN_PAGE, LOGIN_SCRIPT } from './placeholder.ts';
import { rendererAsset, rendererIndex } from './renderer-files.ts';
import { requireCsrfHeader, sessionId } from './session-auth.ts';
import { SESSION_MAX_MS, type BrowserSessions } from './sessions.ts';
import type { BrowserDependencies } from './dependencies.ts';

const PUBLIC = { key: 'none' } as const;
const HIDDEN = { hide: true } as const; // not part of the API's OpenAPI

/**
 * Scripts only from this origin (no inline script an injection could add), never framed by another page
 * (clickjacking), no Referer to anywhere, and nothing cached: the login page is a one-off.
 */
function pageHeaders(reply: FastifyReply, type: string): FastifyReply {
  return reply
    .type(type)
    .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    .header('X-Frame-Options', 'DENY')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store');
}

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';

export function registerBrowserPages(plain: FastifyInstance, deps: BrowserDependencies, sessions: BrowserSessions): void {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/', { config: PUBLIC, schema: HIDDEN }, async (_request, reply) => pageHeaders(reply, HTML).send(rendererIndex() ?? HOME_PAGE));
  app.get('/app.js', { config: PUBLIC, schema: HIDDEN }, async (_request, reply) => pageHeaders(reply, JS).send(HOME_SCRIPT));
  app.get('/assets/*', { config: PUBLIC, schema: HIDDEN }, async (request, reply) => {
    const asset = rendererAsset((request.params as { '*': string })['*']);
    if (!asset) throw notFound('File');
    return pageHeaders(reply, asset.type).send(asset.body);
  });
  app.get('/login', { config: PUBLIC, schema: HIDDEN }, async (_request, reply) => pageHeaders(reply, HTML).send(LOGIN_PAGE));
  app.get('/login.js', { config: PUBLIC, schema: HIDDEN }, async (_request, reply) => pageHeaders(reply, JS).send(LOGIN_SCRIPT));

  app.post('/login', {
    config: PUBLIC,
    schema: { ...HIDDEN, body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }) },
  }, async (request, reply) => {
    // Only the login page's own script can send the header: no other site can start a session here.
    requireCsrfHeader(request);
    const kind = sessions.consumeLoginToken(request.body.token);
    if (!kind) {
      throw new ApiError('login_token_invalid', 401, 'This login link is unknown, already used or expired: `facturador login-url` prints a new one (no restart needed).');
    }
    const now = deps.clock.now();
    const account = localAccount(deps.store.db, now);
    const key = browserKey(deps.store.db, { accountId: account.id, organizationId: null, mode: 'test' }, [...ACCOUNT_ABILITIES], now);
    const cookie = sessionCookie(sessions.create(key.id, account.id, kind), kind.endsAtRestart ? undefined : SESSION_MAX_MS);
    return reply.code(204).header('Set-Cookie', cookie).send();
  });

  app.post('/logout', { config: PUBLIC, schema: HIDDEN }, async (request, reply) => {
    requireCsrfHeader(request);
    const id = sessionId(request);
    if (id !== undefined) sessions.end(id);
    return reply.code(204).header('Set-Cookie', clearedSessionCookie()).send();
  });
}
