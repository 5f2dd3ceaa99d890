/**
 * Resolves the browser session cookie before authentication (plugins/auth.ts then treats the session's key like
 * a bearer key), and refuses cross-site request forgery: a state-changing request (anything but GET, HEAD,
 * OPTIONS) authenticated by the cookie must carry `X-Facturador-CSRF: 1`, or it is refused with 403
 * `csrf_header_required`. An HTML form on another site cannot set a custom header, and a script on another
 * origin can only by a CORS preflight, which this server never grants. `SameSite=Strict` already keeps the
 * cookie off cross-site requests; the header also covers other local servers on 127.0.0.1 — same *site*
 * to the browser, since cookies ignore ports. Requests with `Authorization` are not cookie-authenticated
 * (bearer wins) and are unaffected: a forged request cannot add that header either.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { readCookie, SESSION_COOKIE } from './cookies.ts';
import type { BrowserSession, BrowserSessions } from './sessions.ts';

export const CSRF_HEADER = 'x-facturador-csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The session of the cookie; null when a cookie was sent but is unknown, signed out or expired. */
    browserSession?: BrowserSession | null;
  }
}

export function sessionId(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, SESSION_COOKIE) || undefined;
}

export function requireCsrfHeader(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method) || request.headers[CSRF_HEADER] === '1') return;
  throw new ApiError('csrf_header_required', 403, `Requests of the browser session that change something must send the header "X-Facturador-CSRF: 1".`);
}

/** A store that cannot answer is not the browser's fault: 503 `auth_unavailable`, as for API keys (plugins/authenticate.ts). */
function findSession(request: FastifyRequest, sessions: BrowserSessions, id: string): BrowserSession | null {
  try {
    return sessions.find(id) ?? null;
  } catch (error) {
    request.log.error({ err: error }, 'browser sessions cannot be checked');
    throw new ApiError('auth_unavailable', 503, 'Sessions cannot be checked right now; retry shortly.', { headers: { 'Retry-After': 5 } });
  }
}

export function installSessionAuth(app: FastifyInstance, sessions: BrowserSessions): void {
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization !== undefined) return;
    const id = sessionId(request);
    if (id === undefined) return;
    requireCsrfHeader(request);
    request.browserSession = findSession(request, sessions, id);
  });
}
