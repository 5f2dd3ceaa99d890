/**
 * No secret the server hands out or is given sits in clear anywhere in the data directory (issue 12,
 * Security 1): API key and webhook secrets created with `X-Idempotency-Key` (whose answers the replay cache
 * keeps, docs/idempotency.md), the SMTP password, the ATV password, the certificate PIN and a browser
 * session's secret. Every file under the data directory — database, WAL, SHM, backups — is searched byte
 * by byte, while the server runs (the WAL still holds the writes) and again after it stopped.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatePlan, seedOrganization, startTestServer, type TestServer } from './harness.ts';
import { portOf, rawRequest } from '../helpers/raw-http.ts';
import { makeTestP12 } from '../fixtures/certificates.ts';
import { sealResponse } from '../../src/api/plugins/idempotency-seal.ts';
import { Vault } from '../../src/secrets/vault.ts';

let t: TestServer;
beforeAll(async () => {
  const saved = process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
  process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = '1';
  t = await startTestServer();
  if (saved === undefined) delete process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
  else process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = saved;
});
afterAll(() => t.close());

/** Every regular file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? filesUnder(path) : e.isFile() ? [path] : [];
  });
}

/** `file: secret name` for each secret whose bytes appear in a file. */
function leaks(dir: string, secrets: Record<string, string>): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const bytes = readFileSync(file);
    for (const [name, secret] of Object.entries(secrets)) {
      if (bytes.includes(Buffer.from(secret, 'utf8'))) found.push(`${file.slice(dir.length + 1)}: ${name}`);
    }
  }
  return found;
}

const idempotent = (key: string) => ({ 'x-idempotency-key': `${key}-${randomBytes(6).toString('hex')}` });
const unique = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

describe('secrets at rest', () => {
  it('are found nowhere in the data directory, replays included', async () => {
    const org = seedOrganization(t);
    const secrets: Record<string, string> = {};

    // An API key, created with an idempotency key; the replay still hands the client its secret.
    const keyHeaders = idempotent('api-key');
    const key = await t.call('POST', '/api-keys', { key: t.accountKey, headers: keyHeaders, body: { name: 'Caja 2', organization_id: org.uuid, mode: 'test' } });
    expect(key.status, key.text).toBe(201);
    secrets['api key'] = key.body.data.secret;
    const keyReplay = await t.call('POST', '/api-keys', { key: t.accountKey, headers: keyHeaders, body: { name: 'Caja 2', organization_id: org.uuid, mode: 'test' } });
    expect(keyReplay.headers.get('idempotent-replayed')).toBe('true');
    expect(keyReplay.body).toEqual(key.body);

    const hookBody = { name: 'ERP', url: 'http://127.0.0.1:9/hook', events: ['document.accepted'] };
    const hook = await t.call('POST', '/webhooks', { key: org.key, headers: idempotent('webhook'), body: hookBody });
    expect(hook.status, hook.text).toBe(201);
    secrets['webhook secret'] = hook.body.data.secret;
    const regenerated = await t.call('POST', `/webhooks/${hook.body.data.id}/regenerate-secret`, { key: org.key, headers: idempotent('regenerate') });
    expect(regenerated.status, regenerated.text).toBe(200);
    secrets['regenerated webhook secret'] = regenerated.body.data.secret;

    secrets['smtp password'] = unique('smtp');
    // The mail server is shared by both environments: only a live key may set it.
    activatePlan(t);
    const live = seedOrganization(t, { identificationNumber: '3101654321' }, { mode: 'live' });
    const smtp = await t.call('PUT', '/settings/smtp', { key: live.key, body: { host: 'smtp.example.cr', port: 587, username: 'facturas', password: secrets['smtp password'], from_address: 'facturas@tecnovalle.example.cr' } });
    expect(smtp.status, smtp.text).toBe(200);

    secrets['certificate pin'] = unique('pin');
    secrets['atv password'] = unique('atv');
    const p12 = makeTestP12({ pin: secrets['certificate pin'] }).toString('base64');
    const certificate = await t.call('POST', '/organizations/me/certificate', { key: org.key, headers: idempotent('certificate'), body: { certificate: p12, pin: secrets['certificate pin'], atv_user: 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr', atv_password: secrets['atv password'] } });
    expect(certificate.status, certificate.text).toBeLessThan(300);

    const login = await rawRequest(portOf(t.url), { method: 'POST', path: '/login', headers: { 'content-type': 'application/json', 'x-facturador-csrf': '1' }, body: JSON.stringify({ token: t.server.app.browserSessions.issueLoginToken() }) });
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
    secrets['browser session'] = cookie.slice(cookie.indexOf('=') + 1);
    expect(secrets['browser session'].length).toBeGreaterThan(20);

    const backup = await t.call('POST', '/backups', { key: t.accountKey });
    expect(backup.status, backup.text).toBe(201);

    expect(leaks(t.dataDir, secrets)).toEqual([]);
    await t.server.close();
    expect(leaks(t.dataDir, secrets)).toEqual([]);
    await t.restart();
  });

  it('of an install upgraded from a version that kept answers in clear are sealed at start', async () => {
    const headers = idempotent('upgrade');
    const body = { name: 'Caja 3', mode: 'test' };
    const first = await t.call('POST', '/api-keys', { key: t.accountKey, headers, body });
    expect(first.status, first.text).toBe(201);
    const secret: string = first.body.data.secret;
    // What an earlier version left: the whole answer, secret included, in clear.
    t.server.core.store.db.$client.prepare('UPDATE idempotency_keys SET response_body = ? WHERE key = ?').run(first.text, headers['x-idempotency-key']);
    await t.restart();
    expect(leaks(t.dataDir, { secret })).toEqual([]);
    const replay = await t.call('POST', '/api-keys', { key: t.accountKey, headers, body });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it('are not run again when the stored answer cannot be opened any more (another master key)', async () => {
    const headers = idempotent('rekeyed');
    const body = { name: 'Caja 4', mode: 'test' };
    const first = await t.call('POST', '/api-keys', { key: t.accountKey, headers, body });
    expect(first.status, first.text).toBe(201);
    // As after restoring a backup under another master key: the row is sealed, but not under this vault's key.
    const claim = { apiKeyId: t.server.core.store.db.$client.prepare('SELECT api_key_id FROM idempotency_keys WHERE key = ?').pluck().get(headers['x-idempotency-key']) as string, key: headers['x-idempotency-key'] };
    t.server.core.store.db.$client.prepare('UPDATE idempotency_keys SET response_body = ? WHERE key = ?').run(sealResponse(new Vault(randomBytes(32)), claim, first.text), claim.key);
    const keysBefore = (await t.call('GET', '/api-keys', { key: t.accountKey })).body.data.length;
    const repeat = await t.call('POST', '/api-keys', { key: t.accountKey, headers, body });
    expect(repeat.status).toBe(409);
    expect(repeat.body).toMatchObject({ success: false, error: { code: 'idempotency_replay_unavailable' }, message: expect.any(String) });
    expect((await t.call('GET', '/api-keys', { key: t.accountKey })).body.data.length).toBe(keysBefore);
  });
});
