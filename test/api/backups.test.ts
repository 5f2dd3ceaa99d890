/**
 * GET /backups and POST /backups (beyond the spec; docs/backup.md): an account key takes a backup of the
 * running server's database and lists it; an organization key may not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectDatabaseFile } from '../../src/store/snapshot.ts';
import { backupsDir } from '../../src/backup/backup-files.ts';
import { join } from 'node:path';
import { seedOrganization, startTestServer, type TestServer } from './harness.ts';

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
