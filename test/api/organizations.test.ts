/** Organizations of the account (account key) and the current organization's profile (/organizations/me, /company). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, seedOrganization, type TestServer } from './harness.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { localAccount, updateAccount } from '../../src/store/accounts.ts';
import { getOrganization } from '../../src/store/organizations.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

let serial = 0;
/** A fresh identification number (cédula jurídica) per call: one per organization in the account. */
const nextId = () => String(3101500000 + ++serial);
const seed = (keyOptions: Parameters<typeof seedOrganization>[2] = {}) => seedOrganization(t, { identificationNumber: nextId() }, keyOptions);

function setPlan(plan: string): void {
  const db = t.server.core.store.db;
  updateAccount(db, localAccount(db, new Date()).id, { plan, status: plan === 'sandbox' ? 'sandbox' : 'active' }, new Date());
}

function accountKeyWithout(): string {
  const db = t.server.core.store.db;
  return createApiKey(db, { accountId: localAccount(db, new Date()).id, organizationId: null, name: 'no abilities', mode: 'test', abilities: [], expiresAt: null }, new Date()).secret;
}

const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Panadería La Espiga',
  identification_type: '02',
  identification_number: nextId(),
  email: 'facturas@espiga.example.cr',
  ...overrides,
});

describe('account organizations', () => {
  it('creates an organization (201) in the Organization shape, legal_name defaulting to the name', async () => {
    setPlan('unlimited');
    const body = input({ phone: '2222-3333', economic_activities: ['107101'] });
    const res = await t.call('POST', '/organizations', { key: t.accountKey, body });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: body.name,
      legal_name: body.name,
      identification_type: '02',
      identification_number: body.identification_number,
      email: body.email,
      phone: '2222-3333',
      economic_activities: ['107101'],
      certificate_test: false,
      certificate_live: false,
      created_at: expect.any(String),
    });
    expect(Date.parse(res.body.data.created_at)).not.toBeNaN();
    const view = await t.call('GET', `/organizations/${res.body.data.id}`, { key: t.accountKey });
    expect(view.body.data).toEqual(res.body.data);
  });

  it('stores the identification without dashes', async () => {
    setPlan('unlimited');
    const res = await t.call('POST', '/organizations', { key: t.accountKey, body: input({ identification_type: '01', identification_number: '1-0234-0567' }) });
    expect(res.status).toBe(201);
    expect(res.body.data.identification_number).toBe('102340567');
  });

  it('lists the organizations of the account', async () => {
    setPlan('unlimited');
    const created = (await t.call('POST', '/organizations', { key: t.accountKey, body: input() })).body.data;
    const res = await t.call('GET', '/organizations', { key: t.accountKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual(created);
  });

  it('answers 409 organization_exists for an identification already in the account', async () => {
    setPlan('unlimited');
    const body = input();
    expect((await t.call('POST', '/organizations', { key: t.accountKey, body })).status).toBe(201);
    const again = await t.call('POST', '/organizations', { key: t.accountKey, body: { ...body, name: 'Otra' } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('organization_exists');
  });

  it('answers 403 organization_limit_reached when the plan allows no more organizations', async () => {
    setPlan('starter'); // max_organizations 1, and the account already has several
    const res = await t.call('POST', '/organizations', { key: t.accountKey, body: input() });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('organization_limit_reached');
    expect(res.body.message).toBe(res.body.error.message);
    setPlan('unlimited'); // max_organizations 0 = unlimited
    expect((await t.call('POST', '/organizations', { key: t.accountKey, body: input() })).status).toBe(201);
  });

  it('validates the input with field paths', async () => {
    setPlan('unlimited');
    const res = await t.call('POST', '/organizations', { key: t.accountKey, body: { identification_type: '02', identification_number: '3101', email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors)).toEqual(expect.arrayContaining(['name', 'email']));
    const short = await t.call('POST', '/organizations', { key: t.accountKey, body: input({ identification_number: '3101' }) });
    expect(short.status).toBe(422);
    expect(short.body.error.errors.identification_number[0]).toMatch(/10 caracteres/);
    const letters = await t.call('POST', '/organizations', { key: t.accountKey, body: input({ identification_type: '01', identification_number: '1A2345678' }) });
    expect(letters.body.error.errors.identification_number).toBeDefined();
    const tooLong = await t.call('POST', '/organizations', { key: t.accountKey, body: input({ name: 'x'.repeat(101), economic_activities: ['12'] }) });
    expect(Object.keys(tooLong.body.error.errors)).toEqual(expect.arrayContaining(['name', 'economic_activities.0']));
  });

  it('accepts capital letters in a cédula jurídica', async () => {
    setPlan('unlimited');
    const res = await t.call('POST', '/organizations', { key: t.accountKey, body: input({ identification_number: '3101ABC123' }) });
    expect(res.status).toBe(201);
  });

  it('updates with PATCH but refuses to change the identification', async () => {
    setPlan('unlimited');
    const created = (await t.call('POST', '/organizations', { key: t.accountKey, body: input({ phone: '22223333' }) })).body.data;
    const res = await t.call('PATCH', `/organizations/${created.id}`, { key: t.accountKey, body: { name: 'Nuevo nombre', phone: null, economic_activities: ['4711.0'] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Nuevo nombre', phone: null, economic_activities: ['4711.0'], email: created.email, legal_name: created.legal_name });
    const same = await t.call('PATCH', `/organizations/${created.id}`, { key: t.accountKey, body: { identification_number: created.identification_number } });
    expect(same.status).toBe(200);
    const change = await t.call('PATCH', `/organizations/${created.id}`, { key: t.accountKey, body: { identification_number: nextId() } });
    expect(change.status).toBe(422);
    expect(change.body.error.errors.identification_number[0]).toMatch(/no se puede cambiar/);
    const bad = await t.call('PATCH', `/organizations/${created.id}`, { key: t.accountKey, body: { email: 'nope' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors.email).toBeDefined();
  });

  it('answers 404 not_found for unknown, malformed or deleted organizations', async () => {
    setPlan('unlimited');
    for (const id of ['7d0c5a8e-1111-4a4a-8b8b-000000000000', 'not-a-uuid']) {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const res = await t.call(method, `/organizations/${id}`, { key: t.accountKey, ...(method === 'PATCH' ? { body: {} } : {}) });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
    }
  });

  it('soft-deletes: the organization disappears, its keys get tenant_deleted, its identification is free again', async () => {
    setPlan('unlimited');
    const org = seed();
    const res = await t.call('DELETE', `/organizations/${org.uuid}`, { key: t.accountKey });
    expect(res.status).toBe(200);
    expect(getOrganization(t.server.core.store.db, org.row.id)?.deletedAt).toEqual(expect.any(String));
    expect((await t.call('GET', `/organizations/${org.uuid}`, { key: t.accountKey })).status).toBe(404);
    expect((await t.call('GET', '/organizations', { key: t.accountKey })).body.data.map((o: { id: string }) => o.id)).not.toContain(org.uuid);
    const withKey = await t.call('GET', '/organizations/me', { key: org.key });
    expect(withKey.status).toBe(403);
    expect(withKey.body.error.code).toBe('tenant_deleted');
    const again = await t.call('POST', '/organizations', { key: t.accountKey, body: input({ identification_number: org.row.identificationNumber }) });
    expect(again.status).toBe(201);
  });

  it('needs an account key with account:manage', async () => {
    const org = seed();
    for (const [method, path] of [['GET', '/organizations'], ['POST', '/organizations'], ['GET', `/organizations/${org.uuid}`], ['PATCH', `/organizations/${org.uuid}`], ['DELETE', `/organizations/${org.uuid}`]] as const) {
      const withOrgKey = await t.call(method, path, { key: org.key, body: method === 'POST' || method === 'PATCH' ? {} : undefined });
      expect(withOrgKey.status).toBe(403);
      expect(withOrgKey.body.error.code).toBe('account_key_required');
      const weak = await t.call(method, path, { key: accountKeyWithout(), body: method === 'POST' || method === 'PATCH' ? {} : undefined });
      expect(weak.status).toBe(403);
      expect(weak.body.error.code).toBe('forbidden');
    }
  });
});

describe('the current organization profile', () => {
  it('shows the OrganizationProfile, at /organizations/me and /company', async () => {
    setPlan('business');
    const org = seed();
    const res = await t.call('GET', '/organizations/me', { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: org.row.id,
      uuid: org.uuid,
      name: org.row.name,
      legal_name: org.row.legalName,
      identification_type: '02',
      identification_number: org.row.identificationNumber,
      email: org.row.email,
      phone: null,
      economic_activities: ['620100'],
      default_environment: 'staging',
      is_active: true,
      logo_url: null,
      logo_width: null,
      address: null,
      prices_include_vat: true,
      plan: 'business',
      rate_limits: { per_minute: 600, per_day: 100000 },
      created_at: org.row.createdAt,
    });
    const alias = await t.call('GET', '/company', { key: org.key });
    expect(alias.body.data).toEqual(res.body.data);
  });

  it('updates the profile with PUT, including the identification', async () => {
    const org = seed();
    const id = nextId();
    const body = {
      name: 'Tecnovalle', identification_number: id, phone: '+506 2222-1111',
      logo_url: 'https://tecnovalle.example.cr/logo.png', logo_width: 120, economic_activities: ['620100', '631100'],
    };
    const res = await t.call('PUT', '/organizations/me', { key: org.key, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...body, identification_type: '02', uuid: org.uuid });
    const viaAlias = await t.call('PUT', '/company', { key: org.key, body: { logo_url: null, logo_width: null } });
    expect(viaAlias.body.data).toMatchObject({ logo_url: null, logo_width: null, name: 'Tecnovalle' });
    expect((await t.call('GET', '/organizations/me', { key: org.key })).body.data).toMatchObject({ name: 'Tecnovalle', identification_number: id, logo_url: null });
  });

  it('refuses production as default environment to an account that may not use live keys (402), which would lock its browser sessions out', async () => {
    setPlan('sandbox');
    const org = seed({ mode: 'live' });
    const res = await t.call('PUT', '/organizations/me', { key: org.key, body: { default_environment: 'production' } });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('plan_required');
    setPlan('business');
    expect((await t.call('GET', '/organizations/me', { key: org.key })).body.data.default_environment).toBe('staging');
    expect((await t.call('PUT', '/organizations/me', { key: org.key, body: { default_environment: 'production' } })).status).toBe(200);
  });

  it('refuses a switch of the default environment to a test key (403 live_key_required, issue 12)', async () => {
    const org = seed();
    const res = await t.call('PUT', '/organizations/me', { key: org.key, body: { default_environment: 'production' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('live_key_required');
  });

  it('keeps the issuer\'s location (beyond the spec), checked against the official location table', async () => {
    const org = seed();
    expect((await t.call('GET', '/organizations/me', { key: org.key })).body.data.address).toBeNull();
    const address = { province: '1', canton: '01', district: '01', neighborhood: ' Barrio Amón ', details: 'Avenida 7, calles 3 y 5' };
    const saved = await t.call('PUT', '/organizations/me', { key: org.key, body: { address } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.address).toEqual({ ...address, neighborhood: 'Barrio Amón' });
    // What a document's Ubicacion would refuse (Barrio, OtrasSenas: 5 characters at least, trimmed) is refused here.
    const short = await t.call('PUT', '/organizations/me', { key: org.key, body: { address: { ...address, neighborhood: ' Amón ', details: '  Av 7   ' } } });
    expect(short.status).toBe(422);
    expect(Object.keys(short.body.error.errors).sort()).toEqual(['address.details', 'address.neighborhood']);
    const blank = await t.call('PUT', '/organizations/me', { key: org.key, body: { address: { ...address, neighborhood: '  ' } } });
    expect(blank.body.data.address).toEqual({ province: '1', canton: '01', district: '01', details: address.details });
    await t.call('PUT', '/organizations/me', { key: org.key, body: { address } });
    const unknown = await t.call('PUT', '/organizations/me', { key: org.key, body: { address: { ...address, district: '99' } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.errors['address.district']).toBeDefined();
    const malformed = await t.call('PUT', '/organizations/me', { key: org.key, body: { address: { province: '8', canton: '1', district: '01', details: 'x' } } });
    expect(malformed.status).toBe(422);
    expect((await t.call('GET', '/organizations/me', { key: org.key })).body.data.address.district).toBe('01');
    expect((await t.call('PUT', '/organizations/me', { key: org.key, body: { address: null } })).body.data.address).toBeNull();
  });

  it('refuses an identification another organization of the account has (409), or one that does not fit its type (422)', async () => {
    const a = seed();
    const b = seed();
    const taken = await t.call('PUT', '/organizations/me', { key: b.key, body: { identification_number: a.row.identificationNumber } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('organization_exists');
    const wrongType = await t.call('PUT', '/organizations/me', { key: b.key, body: { identification_type: '01' } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.error.errors.identification_number).toBeDefined();
    const bad = await t.call('PUT', '/organizations/me', { key: b.key, body: { default_environment: 'dev', logo_width: 0, email: 'x' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.errors).sort()).toEqual(['default_environment', 'email', 'logo_width']);
  });

  it('needs settings:read to view and settings:manage to change, with an organization key', async () => {
    const reader = seed({ abilities: ['settings:read'] });
    expect((await t.call('GET', '/company', { key: reader.key })).status).toBe(200);
    for (const path of ['/organizations/me', '/company']) {
      const put = await t.call('PUT', path, { key: reader.key, body: { name: 'Nope' } });
      expect(put.status).toBe(403);
      expect(put.body.error.code).toBe('forbidden');
    }
    const none = seed({ abilities: ['recipients:read'] });
    expect((await t.call('GET', '/organizations/me', { key: none.key })).body.error.code).toBe('forbidden');
    const accountKey = await t.call('GET', '/organizations/me', { key: t.accountKey });
    expect(accountKey.status).toBe(403);
    expect(accountKey.body.error.code).toBe('organization_key_required');
  });
});

describe('odd input', () => {
  it('never answers 5xx to wrongly typed bodies on any endpoint of this group', async () => {
    setPlan('unlimited');
    const org = seed();
    const bodies = ['null', '[]', '"text"', '42', 'true', '{"name": {"$gt": ""}, "identification_number": ["3101"], "next_value": "1e99", "logo": 5, "certificate": null}'];
    const routes: [string, string, string][] = [
      ['POST', '/organizations', t.accountKey], ['PATCH', `/organizations/${org.uuid}`, t.accountKey],
      ['PUT', '/organizations/me', org.key], ['PUT', '/company', org.key],
      ['POST', '/organizations/me/certificate', org.key], ['PUT', '/organizations/me/consecutives', org.key],
      ['PUT', '/organizations/me/branding', org.key], ['POST', '/recipients', org.key], ['PUT', '/recipients/1', org.key],
    ];
    for (const [method, path, key] of routes) {
      for (const rawBody of bodies) {
        const res = await t.call(method, path, { key, rawBody });
        expect(res.status, `${method} ${path} ${rawBody}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${path} ${rawBody}`).toBeLessThan(500);
        expect(res.body.success).toBe(false);
      }
    }
  });
});
