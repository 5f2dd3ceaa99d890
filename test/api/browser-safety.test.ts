/**
 * Browser access to the headless server (docs/browser-access.md), over real HTTP with explicit headers:
 * every refusal that keeps a web page the shopkeeper opens from using this server — DNS rebinding (Host),
 * CORS, login-token reuse and expiry, cookie attributes, cross-site forgery (CSRF header), unknown cookies.
 * Sessions across restarts, sign-out and expiry: browser-sessions.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { portOf, rawRequest, type RawReply, type RawRequest } from '../helpers/raw-http.ts';
import { allowedHosts } from '../../src/api/plugins/host-check.ts';
import { BROWSER_KEY_NAME } from '../../src/store/browser-key.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { HOME_PAGE } from '../../src/api/browser/placeholder.ts';
import { rendererIndex } from '../../src/api/browser/renderer-files.ts';

const CSRF = { 'x-facturador-csrf': '1' };
const JSON_TYPE = { 'content-type': 'application/json' };

let t: TestServer;
let port: number;
const send = (options: RawRequest) => rawRequest(port, options);
const tokenOf = (loginUrl: string) => new URL(loginUrl).hash.slice(1);
const login = (token: string, headers: Record<string, string> = CSRF) =>
  send({ method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify({ token }) });
const cookieOf = (reply: RawReply) => String(reply.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
const newKey = (name: string) => JSON.stringify({ name, mode: 'test' });

/** A signed-in browser's cookie (`name=value`), from a fresh token of the current server. */
async function signIn(): Promise<string> {
  const reply = await login(t.server.app.browserSessions.issueLoginToken());
  expect(reply.status).toBe(204);
  return cookieOf(reply);
}

beforeAll(async () => {
  t = await startTestServer();
  port = portOf(t.url);
});
afterAll(() => t.close());

describe('Host check (DNS rebinding)', () => {
  it('refuses a foreign name or another port with 421 host_not_allowed', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `localhost:${port + 1}`, `127.0.0.1.evil.example:${port}`]) {
      const reply = await send({ path: '/api/v1/plans', host });
      expect(reply.status, String(host)).toBe(421);
      expect(reply.body.success).toBe(false);
      expect(reply.body.error.code).toBe('host_not_allowed');
    }
  });

  it('refuses a request without Host (Node itself answers 400 before routing)', async () => {
    expect((await send({ path: '/api/v1/plans', host: null })).status).toBe(400);
  });

  it('refuses before authentication: a valid key on a rebound name gets nothing', async () => {
    const reply = await send({ path: '/api/v1/auth/me', host: `evil.example:${port}`, headers: { authorization: `Bearer ${t.accountKey}` } });
    expect(reply.status).toBe(421);
    expect(await send({ path: '/', host: `evil.example:${port}` })).toMatchObject({ status: 421 });
  });

  it('accepts the bound address and localhost with the bound port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      expect((await send({ path: '/api/v1/plans', host })).status, host).toBe(200);
    }
  });

  it('lists the Host values of each kind of bind, and the configured extras', () => {
    expect([...allowedHosts({ address: '127.0.0.1', family: 'IPv4', port: 8780 })]).toEqual(['127.0.0.1:8780', 'localhost:8780']);
    expect([...allowedHosts({ address: '::1', family: 'IPv6', port: 8780 })]).toEqual(['[::1]:8780', 'localhost:8780']);
    expect([...allowedHosts({ address: '0.0.0.0', family: 'IPv4', port: 80 }, ['Facturas.Example'])]).toEqual(['127.0.0.1:80', '[::1]:80', 'localhost:80', '127.0.0.1', '[::1]', 'localhost', 'facturas.example']);
    expect(allowedHosts({ address: '192.168.1.5', family: 'IPv4', port: 8780 }).has('localhost:8780')).toBe(false);
  });
});

describe('no CORS', () => {
  it('adds no Access-Control-* header to a cross-origin request', async () => {
    const reply = await send({ path: '/api/v1/plans', headers: { origin: 'https://evil.example' } });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('does not honour a preflight', async () => {
    for (const path of ['/api/v1/api-keys', '/login', '/']) {
      const reply = await send({ method: 'OPTIONS', path, headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-facturador-csrf, content-type' } });
      expect(reply.status, path).toBeGreaterThanOrEqual(400);
      expect(Object.keys(reply.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('one-time login URL', () => {
  it('is printed with the token in the fragment, which no server ever receives', () => {
    expect(t.server.loginUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/login#[A-Za-z0-9_-]{43}$`));
  });

  it('serves the login page without the token', async () => {
    const reply = await send({ path: '/login' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.text).toContain('/login.js');
  });

  it('exchanges the token once for an HttpOnly, SameSite=Strict session cookie on Path=/', async () => {
    const token = tokenOf(t.server.loginUrl);
    const first = await login(token);
    expect(first.status).toBe(204);
    const cookie = String(first.headers['set-cookie']?.[0]);
    expect(cookie).toMatch(/^facturador_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    const second = await login(token);
    expect(second.status).toBe(401);
    expect(second.body.error.code).toBe('login_token_invalid');
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unknown token, and a login POST without the CSRF header (a cross-site form)', async () => {
    expect((await login('not-a-token')).body.error.code).toBe('login_token_invalid');
    const token = t.server.app.browserSessions.issueLoginToken();
    const form = await send({ method: 'POST', path: '/login', headers: JSON_TYPE, body: JSON.stringify({ token }) });
    expect(form.status).toBe(403);
    expect(form.body.error.code).toBe('csrf_header_required');
    expect((await login(token)).status).toBe(204); // the refused attempt did not spend it
  });

  it('refuses a token after 10 minutes', async () => {
    let offset = 0;
    const clock: Clock = { now: () => new Date(Date.now() + offset) };
    const other = await startTestServer({ clock });
    try {
      const token = tokenOf(other.server.loginUrl);
      offset = 10 * 60_000 + 1;
      const reply = await rawRequest(portOf(other.url), { method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...CSRF }, body: JSON.stringify({ token }) });
      expect(reply.status).toBe(401);
      expect(reply.body.error.code).toBe('login_token_invalid');
    } finally {
      await other.close();
    }
  });
});

describe('the session cookie on /api/v1', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  it('authenticates a GET as the internal browser key (an account key)', async () => {
    const reply = await send({ path: '/api/v1/auth/me', headers: { cookie } });
    expect(reply.status).toBe(200);
    expect(reply.body.data.key.name).toBe(BROWSER_KEY_NAME);
    expect(reply.body.data.abilities).toEqual(['account:manage']);
    expect(reply.body.data.organization).toBeNull();
  });

  it('refuses a state-changing request without the CSRF header (403 csrf_header_required)', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const reply = await send({ method, path: '/api/v1/api-keys', headers: { cookie, ...JSON_TYPE }, body: newKey('forged') });
      expect(reply.status, method).toBe(403);
      expect(reply.body.error.code).toBe('csrf_header_required');
    }
    const wrong = await send({ method: 'POST', path: '/api/v1/api-keys', headers: { cookie, ...JSON_TYPE, 'x-facturador-csrf': 'yes' }, body: newKey('forged') });
    expect(wrong.status).toBe(403);
    const keys = await send({ path: '/api/v1/api-keys', headers: { cookie } });
    expect(keys.body.data.map((k: { name: string }) => k.name)).not.toContain('forged');
  });

  it('accepts it with the header', async () => {
    const reply = await send({ method: 'POST', path: '/api/v1/api-keys', headers: { cookie, ...JSON_TYPE, ...CSRF }, body: newKey('from the browser') });
    expect(reply.status).toBe(201);
  });

  it('leaves bearer keys (POS software) as they were: no CSRF header needed', async () => {
    const reply = await send({ method: 'POST', path: '/api/v1/api-keys', headers: { authorization: `Bearer ${t.accountKey}`, ...JSON_TYPE }, body: newKey('from the POS') });
    expect(reply.status).toBe(201);
  });

  it('reuses one internal key for every sign-in', async () => {
    await signIn();
    const keys = await send({ path: '/api/v1/api-keys', headers: { authorization: `Bearer ${t.accountKey}` } });
    expect(keys.body.data.filter((k: { name: string }) => k.name === BROWSER_KEY_NAME)).toHaveLength(1);
  });

  it('refuses a cookie of another server', async () => {
    const other = await startTestServer();
    try {
      const foreign = await rawRequest(portOf(other.url), { method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...CSRF }, body: JSON.stringify({ token: tokenOf(other.server.loginUrl) }) });
      const reply = await send({ path: '/api/v1/auth/me', headers: { cookie: cookieOf(foreign) } });
      expect(reply.status).toBe(401);
      expect(reply.body.error.code).toBe('unauthenticated');
    } finally {
      await other.close();
    }
  });

  it('ends with logout', async () => {
    const own = await signIn();
    expect((await send({ method: 'POST', path: '/logout', headers: { cookie: own } })).status).toBe(403);
    const out = await send({ method: 'POST', path: '/logout', headers: { cookie: own, ...CSRF } });
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie']?.[0])).toContain('Max-Age=0');
    expect((await send({ path: '/api/v1/auth/me', headers: { cookie: own } })).status).toBe(401);
  });

  it('keeps the cookie across a restart (the store has the session), and refuses an unknown one', async () => {
    await t.restart();
    port = portOf(t.url);
    expect((await send({ path: '/api/v1/auth/me', headers: { cookie } })).status).toBe(200);
    const reply = await send({ path: '/api/v1/auth/me', headers: { cookie: 'facturador_session=made-up' } });
    expect(reply.status).toBe(401);
    expect(reply.body.error.message).toContain('enlace de ingreso');
  });
});

describe('the home page', () => {
  it('serves the built renderer at /, else the placeholder, with a strict Content-Security-Policy', async () => {
    expect(rendererIndex('/nonexistent')).toBeUndefined();
    const reply = await send({ path: '/' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.text).toBe(rendererIndex() ?? HOME_PAGE);
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const script = await send({ path: '/app.js' });
    expect(script.text).toContain('/api/v1/auth/me');
  });

  it('serves no file outside renderer/dist/assets', async () => {
    for (const path of ['/assets/..%2F..%2Fpackage.json', '/assets/../package.json', '/assets/missing.js']) {
      expect((await send({ path })).status, path).toBe(404);
    }
  });
});
