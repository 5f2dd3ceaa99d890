/**
 * Which key may do what (src/api/plugins/auth.ts): key kinds, abilities, live keys against the account's plan and
 * status, and organizations that are inactive, deleted or gone. Organization-only routes are probed on a
 * route added to the real app, so these tests do not depend on another route group.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, TEST_MASTER_KEY, type TestServer } from './harness.ts';
import { buildApp } from '../../src/api/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createCore, type Core } from '../../src/core.ts';
import { localAccount, updateAccount } from '../../src/store/accounts.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { insertOrganization, updateOrganization } from '../../src/store/organizations.ts';
import { accounts, organizations } from '../../src/store/schema.ts';
import { eq } from 'drizzle-orm';
import { ACCOUNT_ABILITIES, ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';

let t: TestServer;
const db = () => t.server.core.store.db;

function setAccount(plan: string, status: string): void {
  updateAccount(db(), localAccount(db(), new Date()).id, { plan, status }, new Date());
}

async function errorCode(key: string, path = '/auth/me'): Promise<[number, string | undefined]> {
  const res = await t.call('GET', path, { key });
  return [res.status, res.body.error?.code];
}

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());
beforeEach(() => setAccount('sandbox', 'sandbox'));

describe('key kinds and abilities', () => {
  it('answers 403 account_key_required to an organization key on an account endpoint', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101000101' });
    const res = await t.call('GET', '/account', { key: org.key });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: { code: 'account_key_required' } });
    expect(res.body.message).toBe(res.body.error.message);
  });

  it('answers 403 forbidden, naming the ability, to an account key without account:manage', async () => {
    const account = localAccount(db(), new Date());
    const weak = createApiKey(db(), { accountId: account.id, organizationId: null, name: 'weak', mode: 'test', abilities: [], expiresAt: null }, new Date()).secret;
    const res = await t.call('GET', '/account', { key: weak });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.error.message).toContain('account:manage');
  });
});

describe('organization-only routes (probe)', () => {
  let core: Core;
  let app: FastifyInstance;
  let dataDir: string;
  let accountKey: string;
  let orgKey: string;
  let readOnlyKey: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'facturador-auth-'));
    core = createCore(loadConfig({ dataDir }), { masterKey: TEST_MASTER_KEY, logger: pino({ level: 'silent' }) });
    app = await buildApp(core);
    // No `key` in the config: organization keys are the default.
    app.get('/api/v1/probe/default', async () => ({ ok: true }));
    app.get('/api/v1/probe/invoices', { config: { key: 'organization', abilities: ['invoices:write', 'invoices:sign'] } }, async () => ({ ok: true }));
    await app.ready();
    const now = new Date();
    const account = localAccount(core.store.db, now);
    const org = insertOrganization(core.store.db, { uuid: randomUUID(), accountId: account.id, name: 'Probe', identificationType: '02', identificationNumber: '3101000100', email: 'p@example.cr', createdAt: now.toISOString(), updatedAt: now.toISOString() });
    const key = (organizationId: number | null, abilities: string[]) => createApiKey(core.store.db, { accountId: account.id, organizationId, name: 'k', mode: 'test', abilities, expiresAt: null }, now).secret;
    accountKey = key(null, [...ACCOUNT_ABILITIES]);
    orgKey = key(org.id, [...ORGANIZATION_ABILITIES]);
    readOnlyKey = key(org.id, ['invoices:read']);
  });
  afterAll(async () => {
    await app.close();
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const probe = async (path: string, key: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/probe/${path}`, headers: { authorization: `Bearer ${key}` } });
    return { status: res.statusCode, body: res.json() };
  };

  it('answers 403 organization_key_required to an account key', async () => {
    for (const path of ['default', 'invoices']) {
      const res = await probe(path, accountKey);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('organization_key_required');
      expect(res.body.message).toBe(res.body.error.message);
    }
  });

  it('answers 403 forbidden when an ability is missing, naming every missing one', async () => {
    const res = await probe('invoices', readOnlyKey);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.error.message).toContain('invoices:write, invoices:sign');
  });

  it('lets an organization key with the abilities through', async () => {
    expect((await probe('invoices', orgKey)).status).toBe(200);
  });
});

describe('live keys against the account', () => {
  it('refuses live keys with 402 plan_required while the account is in sandbox or its plan has no production', async () => {
    const live = seedOrganization(t, { identificationNumber: '3101000201' }, { mode: 'live' });
    const res = await t.call('GET', '/auth/me', { key: live.key });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('plan_required');
    expect(res.body.message).toBe(res.body.error.message);
    setAccount('sandbox', 'active');
    expect(await errorCode(live.key)).toEqual([402, 'plan_required']);
    setAccount('business', 'sandbox');
    expect(await errorCode(live.key)).toEqual([402, 'plan_required']);
  });

  it('accepts live keys on a paid plan, also while a payment is late', async () => {
    const live = seedOrganization(t, { identificationNumber: '3101000202' }, { mode: 'live' });
    setAccount('starter', 'active');
    expect((await t.call('GET', '/auth/me', { key: live.key })).status).toBe(200);
    setAccount('starter', 'past_due');
    expect((await t.call('GET', '/auth/me', { key: live.key })).status).toBe(200);
  });

  it('answers 402 subscription_expired to live keys once canceled; test keys keep working on staging', async () => {
    const live = seedOrganization(t, { identificationNumber: '3101000203' }, { mode: 'live' });
    const test = seedOrganization(t, { identificationNumber: '3101000204' });
    setAccount('business', 'canceled');
    const res = await t.call('GET', '/auth/me', { key: live.key });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('subscription_expired');
    expect((await t.call('GET', '/auth/me', { key: test.key })).status).toBe(200);
  });
});

describe('organizations that cannot be used', () => {
  it('answers 403 tenant_inactive for a key of an inactive organization', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101000301' });
    updateOrganization(db(), org.row.id, { isActive: false });
    const res = await t.call('GET', '/auth/me', { key: org.key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('tenant_inactive');
    updateOrganization(db(), org.row.id, { isActive: true });
    expect((await t.call('GET', '/auth/me', { key: org.key })).status).toBe(200);
  });

  it('answers 403 tenant_deleted for a key of a deleted organization', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101000302' });
    updateOrganization(db(), org.row.id, { deletedAt: new Date().toISOString() });
    expect(await errorCode(org.key)).toEqual([403, 'tenant_deleted']);
  });

  /** Rows removed behind the API's back (by hand, or a restore of an older file): foreign keys off. */
  function removeBehindTheApi(remove: () => void): void {
    db().$client.pragma('foreign_keys = OFF');
    try {
      remove();
    } finally {
      db().$client.pragma('foreign_keys = ON');
    }
  }

  it('answers 401 tenant_unresolved when the organization of a key no longer exists', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101000303' });
    removeBehindTheApi(() => db().delete(organizations).where(eq(organizations.id, org.row.id)).run());
    const res = await t.call('GET', '/auth/me', { key: org.key });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('tenant_unresolved');
    expect(res.body.message).toBe(res.body.error.message);
  });

  it('answers 401 tenant_unresolved when the account of a key no longer exists', async () => {
    const now = new Date().toISOString();
    const ghost = randomUUID();
    db().insert(accounts).values({ id: ghost, name: 'ghost', plan: 'sandbox', status: 'sandbox', createdAt: now, updatedAt: now }).run();
    const key = createApiKey(db(), { accountId: ghost, organizationId: null, name: 'ghost', mode: 'test', abilities: ['account:manage'], expiresAt: null }, new Date()).secret;
    removeBehindTheApi(() => db().delete(accounts).where(eq(accounts.id, ghost)).run());
    expect(await errorCode(key, '/account')).toEqual([401, 'tenant_unresolved']);
  });
});
