/**
 * The counter's cashiers (docs/tills.md, "Cashiers"): create, list, view, change, disable over a real server
 * with an organization key; the PIN is never answered and stored only as its scrypt hash; the organization
 * keeps an active owner; another organization's cashier is not there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCertificate, organizationSeeder, seedOrganization, startTestServer, type TestServer } from './harness.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

const seed = organizationSeeder(() => t, 3101930000);
const EN = { 'accept-language': 'en' };

async function create(key: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/cashiers', { key, body, headers: EN });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const pinHashOf = (id: number) => (t.server.core.store.db.$client.prepare('SELECT pin_hash FROM cashiers WHERE id = ?').get(id) as { pin_hash: string }).pin_hash;

describe('cashiers', () => {
  it('are created, listed, read and changed, and never answer their PIN', async () => {
    const { key } = seed();
    const owner = await create(key, { name: 'Doña Marta', pin: '482193', role: 'owner' });
    expect(owner).toMatchObject({ name: 'Doña Marta', role: 'owner', active: true, locked_until: null });
    expect(Object.keys(owner).sort()).toEqual(['active', 'created_at', 'id', 'locked_until', 'name', 'role', 'updated_at']);
    expect(pinHashOf(owner.id)).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(pinHashOf(owner.id)).not.toContain('482193');
    const ana = await create(key, { name: '  Ana  ', pin: '1111', role: 'cashier' });
    expect(ana.name).toBe('Ana');

    const list = await t.call('GET', '/cashiers', { key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Ana', 'Doña Marta']);
    expect(list.text).not.toMatch(/pin|scrypt|1111|482193/i);
    expect((await t.call('GET', `/cashiers/${ana.id}`, { key })).body.data).toMatchObject({ id: ana.id, role: 'cashier' });

    const changed = await t.call('PUT', `/cashiers/${ana.id}`, { key, body: { name: 'Ana Solís', role: 'supervisor', pin: '2222' }, headers: EN });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ data: { name: 'Ana Solís', role: 'supervisor' }, message: 'Cashier updated.' });
    expect(changed.text).not.toContain('2222');
  });

  it('are disabled, not deleted: listed again only with include_inactive', async () => {
    const { key } = seed();
    await create(key, { name: 'Dueño', pin: '9999', role: 'owner' });
    const luis = await create(key, { name: 'Luis', pin: '1234', role: 'cashier' });
    const gone = await t.call('DELETE', `/cashiers/${luis.id}`, { key, headers: EN });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ data: { id: luis.id, active: false }, message: 'Cashier disabled.' });
    expect((await t.call('GET', '/cashiers', { key })).body.data.map((c: { id: number }) => c.id)).not.toContain(luis.id);
    const all = await t.call('GET', '/cashiers?include_inactive=true', { key });
    expect(all.body.data.find((c: { id: number }) => c.id === luis.id)).toMatchObject({ active: false });
    expect((await t.call('GET', `/cashiers/${luis.id}`, { key })).body.data.active).toBe(false);
    // and back
    expect((await t.call('PUT', `/cashiers/${luis.id}`, { key, body: { active: true } })).body.data.active).toBe(true);
  });

  it('keep an active owner: the first is an owner, the last one is neither demoted nor disabled', async () => {
    const { key } = seed();
    const first = await t.call('POST', '/cashiers', { key, body: { name: 'Ana', pin: '1111', role: 'cashier' }, headers: EN });
    expect(first.status).toBe(409);
    expect(first.body.error.code).toBe('last_owner');
    const owner = await create(key, { name: 'Marta', pin: '4444', role: 'owner' });
    for (const [method, body] of [['PUT', { role: 'supervisor' }], ['PUT', { active: false }], ['DELETE', undefined]] as const) {
      const refused = await t.call(method, `/cashiers/${owner.id}`, { key, body, headers: EN });
      expect(refused.status, `${method} ${JSON.stringify(body)}`).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'last_owner', message: 'The organization must keep an active owner cashier: make another cashier owner first.' });
    }
    const spanish = await t.call('DELETE', `/cashiers/${owner.id}`, { key, headers: { 'accept-language': 'es' } });
    expect(spanish.body.error.message).toBe('La organización debe conservar un cajero dueño activo: haga dueño a otro cajero primero.');
    // With a second owner, the first may go.
    await create(key, { name: 'Jorge', pin: '5555', role: 'owner' });
    expect((await t.call('PUT', `/cashiers/${owner.id}`, { key, body: { role: 'cashier' } })).status).toBe(200);
    expect((await t.call('GET', `/cashiers/${owner.id}`, { key })).body.data.role).toBe('cashier');
  });

  it('refuse bad fields with the field named, and never a 5xx', async () => {
    const { key } = seed();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'Ana', pin: '12a4', role: 'owner' }, 'pin'],
      [{ name: 'Ana', pin: '123', role: 'owner' }, 'pin'],
      [{ name: 'Ana', pin: '1234567', role: 'owner' }, 'pin'],
      [{ name: 'Ana', pin: 1234, role: 'owner' }, 'pin'],
      [{ name: 'Ana', pin: '1234', role: 'boss' }, 'role'],
      [{ name: '', pin: '1234', role: 'owner' }, 'name'],
      [{ name: '   ', pin: '1234', role: 'owner' }, 'name'],
      [{ name: 'x'.repeat(81), pin: '1234', role: 'owner' }, 'name'],
      [{ pin: '1234', role: 'owner' }, 'name'],
    ];
    for (const [body, field] of bad) {
      const res = await t.call('POST', '/cashiers', { key, body, headers: EN });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.error.errors ?? {}).join(' '), JSON.stringify(res.body)).toContain(field);
    }
    const owner = await create(key, { name: 'Marta', pin: '4444', role: 'owner' });
    expect((await t.call('PUT', `/cashiers/${owner.id}`, { key, body: { pin: 'abcd' } })).status).toBe(422);
    expect((await t.call('PUT', `/cashiers/${owner.id}`, { key, body: { extra: true } })).status).toBe(422);
    for (const id of ['abc', '0', '-1', '99999999999999999999', '1e3']) expect((await t.call('GET', `/cashiers/${id}`, { key })).status, id).toBe(404);
    expect((await t.call('GET', '/cashiers/424242', { key, headers: EN })).body.error.message).toBe('Cashier not found.');
    expect((await t.call('GET', '/cashiers/424242', { key, headers: { 'accept-language': 'es' } })).body.error.message).toBe('No se encontró el cajero.');
  });

  it("of another organization are not there: 404 to read, change or disable", async () => {
    const mine = seed();
    const other = seed();
    const theirs = await create(other.key, { name: 'Ajeno', pin: '7777', role: 'owner' });
    expect((await t.call('GET', `/cashiers/${theirs.id}`, { key: mine.key })).status).toBe(404);
    expect((await t.call('PUT', `/cashiers/${theirs.id}`, { key: mine.key, body: { name: 'Mío' } })).status).toBe(404);
    expect((await t.call('DELETE', `/cashiers/${theirs.id}`, { key: mine.key })).status).toBe(404);
    expect((await t.call('GET', '/cashiers', { key: mine.key })).body.data).toEqual([]);
    expect((await t.call('GET', `/cashiers/${theirs.id}`, { key: other.key })).body.data.name).toBe('Ajeno');
  });

  it('need cashiers:read to read and cashiers:manage to change', async () => {
    const reader = seed({ abilities: ['cashiers:read'] });
    expect((await t.call('GET', '/cashiers', { key: reader.key })).status).toBe(200);
    const refused = await t.call('POST', '/cashiers', { key: reader.key, body: { name: 'Ana', pin: '1234', role: 'owner' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await t.call('GET', '/cashiers', { key: seed({ abilities: ['invoices:read'] }).key })).status).toBe(403);
  });

  it("are named on a document only when they are its organization's (a stray id names nobody else's cashier)", async () => {
    const mine = seedOrganization(t); // the example requests' issuer
    const other = seed();
    await giveCertificate(t, mine);
    const theirs = await create(other.key, { name: 'Ajeno', pin: '7777', role: 'owner' });
    const issued = await t.call('POST', '/electronic-documents', { key: mine.key, body: exampleRequest('04-tiquete', new Date(Date.now() - 60_000)) });
    expect(issued.status, issued.text).toBe(201);
    const clave = issued.body.data.document_key as string;
    t.server.core.store.db.$client.prepare('UPDATE documents SET cashier_id = ? WHERE clave = ?').run(theirs.id, clave);
    const view = await t.call('GET', `/electronic-documents/${clave}`, { key: mine.key });
    expect(view.body.data.cashier).toEqual({ id: theirs.id, name: '' });
    const list = await t.call('GET', '/documents', { key: mine.key });
    expect(list.text).not.toContain('Ajeno');
  });

  it('answer 404 for a path id that cannot be one, as printers and shifts do (one rule: api/path-id.ts)', async () => {
    const { key } = seed();
    for (const id of ['0', '007', 'abc', '1e3', '-1', '99999999999999999']) {
      for (const path of [`/cashiers/${id}`, `/printers/${id}`, `/shifts/${id}`]) {
        const res = await t.call('GET', path, { key });
        expect(res.status, path).toBe(404);
      }
    }
  });
});
