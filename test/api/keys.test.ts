/** API keys and /auth/me: what an administrator relies on when handing out, scoping and revoking keys. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activatePlan, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { ACCOUNT_ABILITIES, ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';
import { localAccount, updateAccount } from '../../src/store/accounts.ts';
import { findApiKeyBySecret } from '../../src/store/api-keys.ts';

let t: TestServer;
let org: SeededOrganization;

function setAccount(changes: { plan?: string; status?: string }): void {
  const db = t.server.core.store.db;
  updateAccount(db, localAccount(db, new Date()).id, changes, new Date());
}

async function createKey(body: Record<string, unknown>) {
  return t.call('POST', '/api-keys', { key: t.accountKey, body });
}

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
});
afterAll(async () => t.close());
beforeEach(() => setAccount({ plan: 'sandbox', status: 'sandbox' }));

describe('POST /api-keys', () => {
  it('creates an organization key with every organization ability and shows its secret once', async () => {
    const res = await createKey({ name: 'Caja 1', mode: 'test', organization_id: org.uuid });
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/no se vuelve a mostrar/);
    const created = res.body.data;
    expect(created).toMatchObject({ name: 'Caja 1', mode: 'test', organization_id: org.uuid, expires_at: null, last_used_at: null, revoked_at: null });
    expect(created.abilities).toEqual([...ORGANIZATION_ABILITIES]);
    expect(created.secret).toMatch(/^fct_test_[A-Za-z0-9]{40}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    const me = await t.call('GET', '/auth/me', { key: created.secret });
    expect(me.status).toBe(200);
    expect(me.body.data.organization.id).toBe(org.uuid);
    const listed = (await t.call('GET', '/api-keys', { key: t.accountKey })).body.data.find((k: { id: string }) => k.id === created.id);
    expect(listed).toMatchObject({ id: created.id, prefix: created.prefix });
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it('creates an account key (no organization_id) with account:manage by default', async () => {
    const res = await createKey({ name: 'Admin', mode: 'test' });
    expect(res.status).toBe(201);
    expect(res.body.data.abilities).toEqual([...ACCOUNT_ABILITIES]);
    expect(res.body.data).not.toHaveProperty('organization_id');
    expect((await t.call('GET', '/account', { key: res.body.data.secret })).status).toBe(200);
  });

  it('keeps the abilities asked for, once each, and the key can do only that', async () => {
    const res = await createKey({ name: 'Lectura', mode: 'test', organization_id: org.uuid, abilities: ['invoices:read', 'invoices:read', 'reference:read'] });
    expect(res.status).toBe(201);
    expect(res.body.data.abilities).toEqual(['invoices:read', 'reference:read']);
    expect((await t.call('GET', '/auth/me', { key: res.body.data.secret })).body.data.abilities).toEqual(['invoices:read', 'reference:read']);
  });

  it('stores a future expiry and the key works until then', async () => {
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const res = await createKey({ name: 'Temporal', mode: 'test', organization_id: org.uuid, expires_at: expires });
    expect(res.status).toBe(201);
    expect(res.body.data.expires_at).toBe(expires);
    expect((await t.call('GET', '/auth/me', { key: res.body.data.secret })).status).toBe(200);
  });

  it.each([
    [{ mode: 'test' }, 'name'],
    [{ name: '', mode: 'test' }, 'name'],
    [{ name: 'x'.repeat(101), mode: 'test' }, 'name'],
    [{ name: 'k' }, 'mode'],
    [{ name: 'k', mode: 'production' }, 'mode'],
    [{ name: 'k', mode: 'test', organization_id: 'not-a-uuid' }, 'organization_id'],
    [{ name: 'k', mode: 'test', organization_id: '00000000-0000-4000-8000-000000000000' }, 'organization_id'],
    [{ name: 'k', mode: 'test', abilities: ['invoices:read', 'invoices:fly'] }, 'abilities.1'],
    [{ name: 'k', mode: 'test', abilities: { all: true } }, 'abilities'],
    [{ name: 'k', mode: 'test', abilities: ['invoices:read'] }, 'abilities.0'],
    [{ name: 'k', mode: 'test', expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    [{ name: 'k', mode: 'test', expires_at: 'tomorrow' }, 'expires_at'],
  ])('answers 422 validation_error for %j, naming %s', async (body, field) => {
    const res = await createKey(body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors)).toContain(field);
  });

  it("refuses the browser sessions' internal keys' name, which would give the key every ability (store/browser-key.ts finds them by it)", async () => {
    for (const name of ['Browser session (internal)', '  browser  SESSION (internal) ']) {
      const res = await createKey({ name, mode: 'test', organization_id: org.uuid, abilities: ['invoices:read'] });
      expect(res.status, name).toBe(422);
      expect(res.body.error.errors).toEqual({ name: ['Ese nombre es el de las llaves propias de las sesiones del navegador: elija otro.'] });
    }
    const rows = t.server.core.store.db.$client.prepare("SELECT count(*) AS n FROM api_keys WHERE lower(trim(name)) LIKE 'browser%session (internal)'").get() as { n: number };
    expect(rows.n).toBe(0);
    expect((await createKey({ name: 'Browser session', mode: 'test', organization_id: org.uuid })).status).toBe(201);
  });

  it('refuses account abilities on an organization key', async () => {
    const res = await createKey({ name: 'k', mode: 'test', organization_id: org.uuid, abilities: ['settings:read', 'account:manage'] });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({ 'abilities.1': [expect.stringMatching(/permiso de cuenta/)] });
  });

  it('refuses a live key while the account is in sandbox or its plan has no production (402 plan_required)', async () => {
    const inSandbox = await createKey({ name: 'live', mode: 'live', organization_id: org.uuid });
    expect(inSandbox.status).toBe(402);
    expect(inSandbox.body.error.code).toBe('plan_required');
    expect(inSandbox.body.message).toBe(inSandbox.body.error.message);
    setAccount({ plan: 'sandbox', status: 'active' });
    expect((await createKey({ name: 'live', mode: 'live', organization_id: org.uuid })).body.error.code).toBe('plan_required');
    setAccount({ plan: 'starter', status: 'canceled' });
    expect((await createKey({ name: 'live', mode: 'live' })).body.error.code).toBe('subscription_expired');
  });

  it('creates a live key on a paid plan; it acts on production', async () => {
    activatePlan(t, 'starter');
    const res = await createKey({ name: 'Producción', mode: 'live', organization_id: org.uuid });
    expect(res.status).toBe(201);
    expect(res.body.data.secret).toMatch(/^fct_live_/);
    const me = await t.call('GET', '/auth/me', { key: res.body.data.secret });
    expect(me.body.data.key.mode).toBe('live');
    expect(me.body.data.organization.environment).toBe('production');
  });
});

describe('GET /api-keys', () => {
  it('lists every key of the account, newest first, with revoked ones and when each was last used', async () => {
    const first = (await createKey({ name: 'primera', mode: 'test', organization_id: org.uuid })).body.data;
    await t.call('GET', '/auth/me', { key: first.secret });
    const second = (await createKey({ name: 'segunda', mode: 'test' })).body.data;
    await t.call('DELETE', `/api-keys/${second.id}`, { key: t.accountKey });
    const res = await t.call('GET', '/api-keys', { key: t.accountKey });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((k: { id: string }) => k.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const byId = new Map(res.body.data.map((k: { id: string }) => [k.id, k]));
    expect(byId.get(first.id)).toMatchObject({ organization_id: org.uuid, revoked_at: null, last_used_at: expect.any(String) });
    expect(byId.get(second.id)).toMatchObject({ revoked_at: expect.any(String) });
    for (const key of res.body.data) expect(Object.keys(key).sort()).toEqual(expect.arrayContaining(['id', 'name', 'mode', 'prefix', 'abilities', 'created_at', 'expires_at', 'last_used_at', 'revoked_at']));
    expect(res.text).not.toMatch(/secret/);
  });
});

describe('DELETE /api-keys/{key}', () => {
  it('revokes a key at once: its next request is 401 key_revoked', async () => {
    const key = (await createKey({ name: 'a revocar', mode: 'test', organization_id: org.uuid })).body.data;
    const res = await t.call('DELETE', `/api-keys/${key.id}`, { key: t.accountKey });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Llave de API revocada.');
    expect(res.body.data).toMatchObject({ id: key.id, revoked_at: expect.any(String) });
    const after = await t.call('GET', '/auth/me', { key: key.secret });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('key_revoked');
  });

  it('keeps the first revocation time when revoked again', async () => {
    const key = (await createKey({ name: 'dos veces', mode: 'test' })).body.data;
    const first = (await t.call('DELETE', `/api-keys/${key.id}`, { key: t.accountKey })).body.data.revoked_at;
    const again = await t.call('DELETE', `/api-keys/${key.id}`, { key: t.accountKey });
    expect(again.status).toBe(200);
    expect(again.body.data.revoked_at).toBe(first);
  });

  it('lets an account key revoke itself', async () => {
    const self = (await createKey({ name: 'yo', mode: 'test' })).body.data;
    expect((await t.call('DELETE', `/api-keys/${self.id}`, { key: self.secret })).status).toBe(200);
    expect((await t.call('GET', '/api-keys', { key: self.secret })).body.error.code).toBe('key_revoked');
  });

  it('answers 404 not_found for ids that are not keys of the account', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.call('DELETE', `/api-keys/${id}`, { key: t.accountKey });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});

describe('key management needs an account key with account:manage', () => {
  it.each([
    ['GET', '/api-keys'],
    ['POST', '/api-keys'],
    ['DELETE', '/api-keys/00000000-0000-4000-8000-000000000000'],
  ])('%s %s: 403 account_key_required for an organization key, forbidden without the ability', async (method, path) => {
    const body = method === 'POST' ? { name: 'x', mode: 'test' } : undefined;
    const byOrg = await t.call(method, path, { key: org.key, body });
    expect(byOrg.status).toBe(403);
    expect(byOrg.body.error.code).toBe('account_key_required');
    const weak = (await createKey({ name: 'sin permisos', mode: 'test', abilities: [] })).body.data.secret;
    const res = await t.call(method, path, { key: weak, body });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.message).toMatch(/account:manage/);
  });
});

describe('GET /auth/me', () => {
  it('describes an organization key: key, abilities, account and organization', async () => {
    const res = await t.call('GET', '/auth/me', { key: org.key });
    expect(res.status).toBe(200);
    const row = findApiKeyBySecret(t.server.core.store.db, org.key)!;
    const account = localAccount(t.server.core.store.db, new Date());
    expect(res.body.data).toEqual({
      key: { id: row.id, name: 'test org key', mode: 'test', prefix: org.key.slice(0, row.prefix.length) },
      abilities: [...ORGANIZATION_ABILITIES],
      account: { id: account.id, name: account.name, plan: 'sandbox', status: 'sandbox' },
      organization: { id: org.uuid, name: org.row.name, identification_type: '02', identification_number: '3101123456', environment: 'staging' },
    });
  });

  it('shows organization null for an account key', async () => {
    const res = await t.call('GET', '/auth/me', { key: t.accountKey });
    expect(res.status).toBe(200);
    expect(res.body.data.organization).toBeNull();
    expect(res.body.data.abilities).toEqual(['account:manage']);
  });

  it('works for a key without any ability', async () => {
    const bare = (await createKey({ name: 'nada', mode: 'test', organization_id: org.uuid, abilities: [] })).body.data.secret;
    const res = await t.call('GET', '/auth/me', { key: bare });
    expect(res.status).toBe(200);
    expect(res.body.data.abilities).toEqual([]);
  });
});
