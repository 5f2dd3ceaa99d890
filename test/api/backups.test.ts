/**
 * /backups (beyond the spec; docs/backup.md): an account key takes a backup of the running server's
 * database, lists it, downloads it and restores it — a listed one or an uploaded file — into the running
 * server, which keeps working; an organization key may not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectDatabaseFile } from '../../src/store/snapshot.ts';
import { backupsDir } from '../../src/backup/backup-files.ts';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { seedOrganization, startTestServer, type TestServer } from './harness.ts';
import { portOf, rawRequest } from '../helpers/raw-http.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('/backups', () => {
  it('takes a backup now and lists it, newest first', async () => {
    seedOrganization(t);
    expect((await t.call('GET', '/backups', { key: t.accountKey })).body.data).toEqual([]);
    const created = await t.call('POST', '/backups', { key: t.accountKey });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: expect.stringMatching(/^facturador-\d{8}-\d{6}\.db$/), automatic: false, kind: 'manual' });
    expect(created.body.data.size).toBeGreaterThan(0);
    const facts = inspectDatabaseFile(join(backupsDir(t.dataDir), created.body.data.name));
    expect(facts.integrity).toEqual(['ok']);
    expect(facts.tables).toContain('organizations');
    const second = await t.call('POST', '/backups', { key: t.accountKey });
    const list = await t.call('GET', '/backups', { key: t.accountKey });
    expect(list.status).toBe(200);
    expect(list.body.data.map((b: { name: string }) => b.name)).toEqual([second.body.data.name, created.body.data.name]);
  });

  it('is for account keys only, and appears in the OpenAPI', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101654321' });
    expect((await t.call('GET', '/backups', { key: org.key })).status).toBe(403);
    expect((await t.call('POST', '/backups', { key: org.key })).status).toBe(403);
    expect((await t.call('GET', '/backups')).status).toBe(401);
    const openapi = await t.call('GET', '/openapi.json');
    expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/api/v1/backups']));
  });
});

describe('download and restore', () => {
  const organizations = async () => (await t.call('GET', '/organizations', { key: t.accountKey })).body.data.map((o: { identification_number: string }) => o.identification_number);
  const upload = (bytes: Buffer, query: string, key = t.accountKey) => fetch(`${t.url}/api/v1/backups/restore${query}`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/vnd.sqlite3' }, body: new Uint8Array(bytes),
  }).then(async (r) => ({ status: r.status, body: await r.json() as any })); // eslint-disable-line @typescript-eslint/no-explicit-any

  it('downloads a backup as the SQLite file itself', async () => {
    const taken = (await t.call('POST', '/backups', { key: t.accountKey })).body.data;
    const res = await fetch(`${t.url}/api/v1/backups/${taken.name}/file`, { headers: { authorization: `Bearer ${t.accountKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.sqlite3');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${taken.name}"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(backupsDir(t.dataDir), taken.name)))).toBe(true);
    expect((await t.call('GET', '/backups/facturador-20990101-000000.db/file', { key: t.accountKey })).status).toBe(404);
    expect((await t.call('GET', '/backups/..%2Ffacturador.db/file', { key: t.accountKey })).status).toBe(400);
  });

  it('restores a listed backup into the running server once confirmed, keeping the replaced database', async () => {
    const taken = (await t.call('POST', '/backups', { key: t.accountKey })).body.data;
    seedOrganization(t, { identificationNumber: '3101777777' });
    expect(await organizations()).toContain('3101777777');

    const unconfirmed = await t.call('POST', `/backups/${taken.name}/restore`, { key: t.accountKey, body: {} });
    expect(unconfirmed.status).toBe(422);
    expect(await organizations()).toContain('3101777777');

    const res = await t.call('POST', `/backups/${taken.name}/restore`, { key: t.accountKey, body: { confirm: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ restored_from: taken.name, kept_as: expect.stringMatching(/^facturador-before-restore-\d{8}-\d{6}(-\d+)?\.db$/), rows: expect.any(Number) });
    expect(res.body.data).not.toHaveProperty('login_url');
    expect(await organizations()).not.toContain('3101777777');
    // The replaced database is one restore away, and the server goes on writing.
    const kept = (await t.call('GET', '/backups', { key: t.accountKey })).body.data.find((b: { name: string }) => b.name === res.body.data.kept_as);
    expect(kept).toMatchObject({ kind: 'before-restore' });
    seedOrganization(t, { identificationNumber: '3101888888' });
    expect(await organizations()).toContain('3101888888');
  });

  it('brings back the rows of child tables whose parent deletes them in cascade (webhook deliveries)', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101666666' });
    const db = t.server.core.store.db.$client;
    const now = new Date().toISOString();
    const webhook = db.prepare(`INSERT INTO webhooks (uuid, organization_id, name, url, events, created_at, updated_at) VALUES ('restore-hook', ?, 'ERP', 'https://erp.example.cr/hook', '["document.accepted"]', ?, ?)`).run(org.row.id, now, now);
    db.prepare(`INSERT INTO webhook_deliveries (organization_id, webhook_id, event, event_uuid, body, attempt, status, created_at) VALUES (?, ?, 'document.accepted', 'restore-event', '{}', 1, 'succeeded', ?)`).run(org.row.id, webhook.lastInsertRowid, now);
    const taken = (await t.call('POST', '/backups', { key: t.accountKey })).body.data;
    expect((await t.call('POST', `/backups/${taken.name}/restore`, { key: t.accountKey, body: { confirm: true } })).status).toBe(200);
    const deliveries = db.prepare(`SELECT event_uuid FROM webhook_deliveries WHERE webhook_id = ?`).all(webhook.lastInsertRowid);
    expect(deliveries).toEqual([{ event_uuid: 'restore-event' }]);
  });

  it('restores an uploaded backup file, and refuses a file that is not one in the language asked', async () => {
    const taken = (await t.call('POST', '/backups', { key: t.accountKey })).body.data;
    const bytes = readFileSync(join(backupsDir(t.dataDir), taken.name));
    seedOrganization(t, { identificationNumber: '3101999999' });
    expect((await upload(bytes, '')).status).toBe(400); // no confirmation: a query parameter, missing
    const restored = await upload(bytes, `?confirm=true&filename=${taken.name}`);
    expect(restored.status).toBe(200);
    expect(restored.body.data.restored_from).toBe(taken.name);
    expect(await organizations()).not.toContain('3101999999');

    const junk = await upload(Buffer.from('no es una base de datos'), '?confirm=true&filename=ventas.db');
    expect(junk.status).toBe(422);
    expect(junk.body.error).toMatchObject({ code: 'backup_rejected', message: expect.stringMatching(/^ventas\.db no es una base de datos SQLite legible/) });
    const unnamed = await upload(Buffer.from('no es una base de datos'), '?confirm=true');
    expect(unnamed.body.error.message).toMatch(/^el archivo subido no es una base de datos SQLite legible/);
    expect((await upload(bytes, '?confirm=true', seedOrganization(t, { identificationNumber: '3101555555' }).key)).status).toBe(403);
  });
});

describe("a restore and the browser's sign-in", () => {
  let s: TestServer;
  const CSRF = { 'x-facturador-csrf': '1' };
  const JSON_TYPE = { 'content-type': 'application/json' };
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const signIn = async (token: string) => {
    const reply = await rawRequest(portOf(s.url), { method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...CSRF }, body: JSON.stringify({ token }) });
    expect(reply.status).toBe(204);
    return String(reply.headers['set-cookie']?.[0]).split(';')[0]!;
  };
  const asSession = (cookie: string, method: string, path: string, body?: unknown) => rawRequest(portOf(s.url), {
    method, path: `/api/v1${path}`, headers: { cookie, ...CSRF, ...(body === undefined ? {} : JSON_TYPE) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  it('keeps a session whose key the backup has, and ends one it lacks with a fresh sign-in link', async () => {
    // Taken before any browser signed in: the backup has no session key.
    const before = (await s.call('POST', '/backups', { key: s.accountKey })).body.data;
    const cookie = await signIn(s.server.app.browserSessions.issueLoginToken());
    const after = (await asSession(cookie, 'POST', '/backups')).body.data;

    const kept = await asSession(cookie, 'POST', `/backups/${after.name}/restore`, { confirm: true });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data).not.toHaveProperty('login_url');
    expect((await asSession(cookie, 'GET', '/auth/me')).status).toBe(200);

    const ended = await asSession(cookie, 'POST', `/backups/${before.name}/restore`, { confirm: true });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body.data.login_url).toMatch(/^\/login#[A-Za-z0-9_-]{43}$/);
    expect((await asSession(cookie, 'GET', '/auth/me')).status).toBe(401);
    const again = await signIn(ended.body.data.login_url.split('#')[1]);
    expect((await asSession(again, 'GET', '/auth/me')).status).toBe(200);
  });
});
