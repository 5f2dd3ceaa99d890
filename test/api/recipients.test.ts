/** Saved recipients of the key's organization: CRUD, lookup, search, pagination, isolation between organizations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationSeeder, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

const seed = organizationSeeder(() => t, 3101800000);

const recipient = (overrides: Record<string, unknown> = {}) => ({
  name: 'Distribuidora Central',
  identification_type: '02',
  identification_number: '3101654321',
  ...overrides,
});

const full = {
  name: 'María Rodríguez Solís',
  commercial_name: 'Soda María',
  identification_type: '01',
  identification_number: '1-0234-0567',
  country_code: '506',
  province: '1',
  canton: '01',
  district: '03',
  neighborhood: 'Barrio Amón',
  other_address: '100 m norte de la iglesia',
  email: 'maria@example.cr',
  phone: '88887777',
  fax: '22224444',
  notes: 'Paga a 30 días',
};

async function create(key: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/recipients', { key, body });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('recipients', () => {
  it('creates (201) and reads a recipient in the Recipient shape', async () => {
    const org = seed();
    const created = await create(org.key, full);
    expect(created).toEqual({
      ...full,
      id: expect.any(Number),
      identification_number: '102340567',
      is_foreign: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const view = await t.call('GET', `/recipients/${created.id}`, { key: org.key });
    expect(view.status).toBe(200);
    expect(view.body.data).toEqual(created);
  });

  it('finds a recipient by identification, dashes ignored; 404 recipient_not_found otherwise', async () => {
    const org = seed();
    const created = await create(org.key, recipient());
    const found = await t.call('GET', '/recipients/lookup?identification=3-101-654321', { key: org.key });
    expect(found.status).toBe(200);
    expect(found.body.data.id).toBe(created.id);
    const missing = await t.call('GET', '/recipients/lookup?identification=3101000000', { key: org.key });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('recipient_not_found');
    const noParam = await t.call('GET', '/recipients/lookup', { key: org.key });
    expect(noParam.status).toBe(400);
    expect(noParam.body.error.code).toBe('missing_param');
    expect(noParam.body.error.errors.identification).toBeDefined();
  });

  it('lists by name with page/per_page and a pagination object beside data', async () => {
    const org = seed();
    for (const name of ['Carlos', 'Ana', 'Beatriz']) await create(org.key, recipient({ name: `${name} Mora` }));
    const first = await t.call('GET', '/recipients?per_page=2', { key: org.key });
    expect(first.status).toBe(200);
    expect(first.body.data.map((r: { name: string }) => r.name)).toEqual(['Ana Mora', 'Beatriz Mora']);
    expect(first.body.pagination).toEqual({ current_page: 1, per_page: 2, last_page: 2, total: 3 });
    const second = await t.call('GET', '/recipients?per_page=2&page=2', { key: org.key });
    expect(second.body.data.map((r: { name: string }) => r.name)).toEqual(['Carlos Mora']);
    const beyond = await t.call('GET', '/recipients?page=9', { key: org.key });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination).toEqual({ current_page: 9, per_page: 20, last_page: 1, total: 3 });
  });

  it('searches name, commercial name and identification; % and _ are literal', async () => {
    const org = seed();
    await create(org.key, recipient({ name: 'Ferretería El Clavo', commercial_name: 'El Clavo 100%' }));
    await create(org.key, recipient({ name: 'Librería Lápiz', identification_type: '01', identification_number: '205550123' }));
    const names = async (search: string) =>
      (await t.call('GET', `/recipients?search=${encodeURIComponent(search)}`, { key: org.key })).body.data.map((r: { name: string }) => r.name);
    expect(await names('clavo')).toEqual(['Ferretería El Clavo']);
    expect(await names('0555')).toEqual(['Librería Lápiz']);
    expect(await names('100%')).toEqual(['Ferretería El Clavo']);
    expect(await names('%')).toEqual(['Ferretería El Clavo']);
    expect(await names('_')).toEqual([]);
  });

  it('replaces a recipient with PUT: members not sent become empty', async () => {
    const org = seed();
    const created = await create(org.key, full);
    const res = await t.call('PUT', `/recipients/${created.id}`, { key: org.key, body: recipient({ email: 'compras@central.example.cr' }) });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: created.id, name: 'Distribuidora Central', identification_number: '3101654321', email: 'compras@central.example.cr',
      commercial_name: null, province: null, phone: null, notes: null, created_at: created.created_at,
    });
    expect((await t.call('GET', `/recipients/${created.id}`, { key: org.key })).body.data).toEqual(res.body.data);
  });

  it('deletes a recipient; afterwards it is 404 recipient_not_found', async () => {
    const org = seed();
    const created = await create(org.key, recipient());
    expect((await t.call('DELETE', `/recipients/${created.id}`, { key: org.key })).status).toBe(200);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.call(method, `/recipients/${created.id}`, { key: org.key, body: method === 'PUT' ? recipient() : undefined });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('recipient_not_found');
    }
  });

  it('keeps organizations apart: another organization\'s recipient is not found', async () => {
    const owner = seed();
    const other = seed();
    const created = await create(owner.key, recipient());
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.call(method, `/recipients/${created.id}`, { key: other.key, body: method === 'PUT' ? recipient({ name: 'Hijacked' }) : undefined });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('recipient_not_found');
    }
    expect((await t.call('GET', '/recipients/lookup?identification=3101654321', { key: other.key })).status).toBe(404);
    expect((await t.call('GET', '/recipients', { key: other.key })).body.data).toEqual([]);
    expect((await t.call('GET', `/recipients/${created.id}`, { key: owner.key })).body.data.name).toBe('Distribuidora Central');
  });

  it('answers ids that cannot exist with 404, not 5xx', async () => {
    const org = seed();
    for (const id of ['abc', '0', '-1', '99999999999999999999', '1.5']) {
      const res = await t.call('GET', `/recipients/${id}`, { key: org.key });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('recipient_not_found');
    }
  });

  it('validates the input with field paths', async () => {
    const org = seed();
    const res = await t.call('POST', '/recipients', { key: org.key, body: { identification_type: '09', email: 'nope', province: '8' } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.error.errors).sort()).toEqual(['email', 'identification_number', 'identification_type', 'name', 'province']);
    const wrongLength = await t.call('POST', '/recipients', { key: org.key, body: recipient({ identification_type: '01' }) });
    expect(wrongLength.body.error.errors.identification_number[0]).toMatch(/9 caracteres/);
    const partialPlace = await t.call('POST', '/recipients', { key: org.key, body: recipient({ province: '1' }) });
    expect(Object.keys(partialPlace.body.error.errors).sort()).toEqual(['canton', 'district']);
    const paging = await t.call('GET', '/recipients?per_page=101&page=0', { key: org.key });
    expect(paging.status).toBe(400);
    expect(Object.keys(paging.body.error.errors).sort()).toEqual(['page', 'per_page']);
  });

  it('takes a foreign recipient\'s identification as it is (up to 20 characters)', async () => {
    const org = seed();
    const created = await create(org.key, recipient({ name: 'John Smith', identification_type: '03', identification_number: 'P12345678', is_foreign: true }));
    expect(created).toMatchObject({ is_foreign: true, identification_number: 'P12345678' });
  });

  it('needs recipients:read to read and recipients:write to change, with an organization key', async () => {
    const reader = seed({ abilities: ['recipients:read'] });
    const writer = seed({ abilities: ['recipients:write'] });
    const created = await create(writer.key, recipient());
    expect((await t.call('GET', '/recipients', { key: reader.key })).status).toBe(200);
    const writes = [['POST', '/recipients'], ['PUT', `/recipients/${created.id}`], ['DELETE', `/recipients/${created.id}`]] as const;
    for (const [method, path] of writes) {
      const res = await t.call(method, path, { key: reader.key, body: method === 'DELETE' ? undefined : recipient() });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    for (const path of ['/recipients', '/recipients/lookup?identification=3101654321', `/recipients/${created.id}`]) {
      expect((await t.call('GET', path, { key: writer.key })).body.error.code).toBe('forbidden');
      expect((await t.call('GET', path, { key: t.accountKey })).body.error.code).toBe('organization_key_required');
    }
  });
});
