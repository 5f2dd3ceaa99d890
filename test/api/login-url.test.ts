/**
 * `facturador login-url`: a fresh one-time login link for the running server, without a restart. The
 * token reaches the server through the database (digest only) and works once, within 10 minutes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { loginUrlCommand } from '../../src/cli/login-url.ts';
import type { Output } from '../../src/cli/output.ts';
import { writeServerLock } from '../../src/backup/server-lock.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';
import { createHash } from 'node:crypto';

const temp = tempDirs();

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

function capture(): Output & { stdout: string; stderr: string } {
  const o = { stdout: '', stderr: '', write: (s: string) => void (o.stdout += `${s}\n`), error: (s: string) => void (o.stderr += `${s}\n`) };
  return o;
}

const signIn = (token: string) => fetch(`${t.url}/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-facturador-csrf': '1' }, body: JSON.stringify({ token }) });

describe('facturador login-url', () => {
  it('prints a link to the running server whose token signs in once', async () => {
    const out = capture();
    expect(loginUrlCommand({ dataDir: t.dataDir, databaseUrl: t.databaseUrl }, out)).toBe(0);
    const link = new URL(out.stdout.trim());
    expect(link.origin).toBe(t.url);
    expect(link.pathname).toBe('/login');
    const token = link.hash.slice(1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The database keeps no usable token: only its digest, until it is spent.
    const hashes = () => (t.server.core.store.db.$client.prepare('SELECT token_hash FROM login_tokens').all() as { token_hash: string }[]).map((r) => r.token_hash);
    expect(hashes()).toEqual([createHash('sha256').update(token).digest('hex')]);
    const first = await signIn(token);
    expect(first.status).toBe(204);
    expect(first.headers.get('set-cookie')).toMatch(/^facturador_session=/);
    expect((await signIn(token)).status).toBe(401);
    expect(hashes()).toEqual([]);
  });

  it('makes tokens that expire after 10 minutes', async () => {
    const out = capture();
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    expect(loginUrlCommand({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, clock: { now: () => elevenMinutesAgo } }, out)).toBe(0);
    const response = await signIn(new URL(out.stdout.trim()).hash.slice(1));
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('login_token_invalid');
  });

  it('says so while the server is starting (its pid file has no address yet)', () => {
    const dir = temp('facturador-starting-');
    writeServerLock(dir, { pid: process.pid });
    const out = capture();
    expect(loginUrlCommand({ dataDir: dir }, out)).toBe(1);
    expect(out.stderr).toMatch(/still starting/);
    expect(out.stdout).toBe('');
  });

  it('says so when no server runs on the data directory', () => {
    const out = capture();
    expect(loginUrlCommand({ dataDir: temp('facturador-nolock-') }, out)).toBe(1);
    expect(out.stderr).toMatch(/no server is running/);
    expect(out.stdout).toBe('');
  });
});
