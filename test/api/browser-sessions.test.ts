/**
 * Browser sessions that survive a restart (docs/browser-access.md, "The session"): a counter PC signed in
 * once stays signed in when the server process is replaced, keeps the organization it chose, and is refused
 * once signed out or expired (14 days unused, 90 days after sign-in however used). The database holds only
 * the SHA-256 digest of a session's secret.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, TEST_MASTER_KEY, type TestServer } from './harness.ts';
import { portOf, rawRequest } from '../helpers/raw-http.ts';
import { startServerProcess } from '../crash/server-process.ts';
import { loginUrlCommand } from '../../src/cli/login-url.ts';
import type { Clock } from '../../src/domain/clock.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../src/api/browser/sessions.ts';

const CSRF = { 'x-facturador-csrf': '1' };
const JSON_TYPE = { 'content-type': 'application/json' };
const DAY_MS = 24 * 60 * 60_000;

/** Signs in with a one-time token at `url`; returns the cookie (`name=value`) and its Set-Cookie line. */
async function signIn(url: string, token: string): Promise<{ cookie: string; setCookie: string }> {
  const reply = await rawRequest(portOf(url), { method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...CSRF }, body: JSON.stringify({ token }) });
  expect(reply.status).toBe(204);
  const setCookie = String(reply.headers['set-cookie']?.[0]);
  return { cookie: setCookie.split(';')[0]!, setCookie };
}

const me = (url: string, cookie: string) => rawRequest(portOf(url), { path: '/api/v1/auth/me', headers: { cookie } });
const secretOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

describe('a session in a new server process on the same data directory', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'facturador-sessions-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is still signed in: the counter PC needs no terminal after a restart', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FACTURADOR_KEYRING: 'off',
      FACTURADOR_MASTER_KEY: TEST_MASTER_KEY.toString('hex'),
      FACTURADOR_DELIVERY: 'off',
      FACTURADOR_AUTO_BACKUP: 'off',
    };
    delete env['FACTURADOR_DATA_DIR'];
    let server = await startServerProcess(dataDir, env);
    try {
      // `facturador login-url` is how a running server gives a new link; after this, no terminal again.
      // (The server writes its address for the command just after its listening line: ask until it is there.)
      let link = '';
      await expect.poll(() => loginUrlCommand({ dataDir }, { write: (s) => void (link = s.trim()), error: () => undefined })).toBe(0);
      const { cookie } = await signIn(server.url, new URL(link).hash.slice(1));
      expect((await me(server.url, cookie)).status).toBe(200);
      await server.stop();
      server = await startServerProcess(dataDir, env);
      const after = await me(server.url, cookie);
      expect(after.status, server.output()).toBe(200);
      expect(after.body.data.key.name).toBe('Browser session (internal)');
    } finally {
      await server.stop();
    }
  }, 90_000);
});

describe('sessions in the store', () => {
  let t: TestServer;
  let offset = 0;
  const clock: Clock = { now: () => new Date(Date.now() + offset) };
  const fresh = async () => (await signIn(t.url, t.server.app.browserSessions.issueLoginToken())).cookie;

  beforeAll(async () => {
    t = await startTestServer({ clock });
  });
  afterAll(() => t.close());

  it('keep no secret in clear: only its SHA-256 digest', async () => {
    const { cookie, setCookie } = await signIn(t.url, t.server.app.browserSessions.issueLoginToken());
    const secret = secretOf(cookie);
    const rows = t.server.core.store.db.$client.prepare('SELECT * FROM browser_sessions').all() as Record<string, unknown>[];
    expect(rows.map((r) => r['secret_hash'])).toContain(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret);
    // The browser keeps the cookie across its own restarts (Max-Age), with the attributes it always had.
    expect(setCookie).toMatch(/; Path=\/; HttpOnly; SameSite=Strict; Max-Age=7776000$/);
  });

  it('keep the chosen organization across a restart', async () => {
    const first = seedOrganization(t, { identificationNumber: '3101555001', name: 'Soda La Primera' });
    const second = seedOrganization(t, { identificationNumber: '3101555002', name: 'Soda La Segunda' });
    const cookie = await fresh();
    const chose = await rawRequest(portOf(t.url), { method: 'POST', path: '/session/organization', headers: { cookie, ...CSRF, ...JSON_TYPE }, body: JSON.stringify({ organization_id: second.uuid }) });
    expect(chose.status).toBe(204);
    await t.restart();
    const profile = await rawRequest(portOf(t.url), { path: '/api/v1/organizations/me', headers: { cookie } });
    expect(profile.status).toBe(200);
    expect(profile.body.data.name).toBe('Soda La Segunda');
    expect(first.uuid).not.toBe(second.uuid);
  });

  it('are refused once signed out, by this server and the next', async () => {
    const cookie = await fresh();
    expect((await rawRequest(portOf(t.url), { method: 'POST', path: '/logout', headers: { cookie, ...CSRF } })).status).toBe(204);
    expect((await me(t.url, cookie)).status).toBe(401);
    await t.restart();
    const reply = await me(t.url, cookie);
    expect(reply.status).toBe(401);
    expect(reply.body.error.code).toBe('unauthenticated');
  });

  it('slide with use, end after two weeks unused, and end 90 days after sign-in however used', async () => {
    offset = 0;
    const used = await fresh();
    const idle = await fresh();
    // Used every ten days, the session lives on; the other one, unused, ends after 14 days.
    for (let day = 10; day < SESSION_MAX_MS / DAY_MS; day += 10) {
      offset = day * DAY_MS;
      expect((await me(t.url, used)).status, `day ${day}`).toBe(200);
    }
    expect((await me(t.url, idle)).status).toBe(401);
    offset = SESSION_MAX_MS + 1;
    expect((await me(t.url, used)).status).toBe(401);
    expect(SESSION_IDLE_MS).toBe(14 * DAY_MS);
  });

  it('are purged from the store once expired', async () => {
    offset = 0;
    await fresh();
    offset = SESSION_IDLE_MS + DAY_MS;
    await fresh(); // each sign-in purges what has expired
    const now = clock.now().toISOString();
    const expired = t.server.core.store.db.$client.prepare('SELECT count(*) AS n FROM browser_sessions WHERE expires_at <= ?').get(now) as { n: number };
    expect(expired.n).toBe(0);
    offset = 0;
  });
});
