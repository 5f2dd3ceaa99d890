/**
 * Pairing a till with its head office over real HTTP (docs/replication.md, "Pairing"): the head office makes a
 * one-time code, a till exchanges it for a key with the single ability `replication:write`; the code works
 * once, expires after 15 minutes, a wrong one or a till of another taxpayer is refused (in Spanish too), and
 * unpairing revokes the key. The pairing route is limited per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/domain/clock.ts';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';

let t: TestServer;
let org: SeededOrganization;
/** The head office's clock, moved forward to expire codes. */
let offset = 0;
const clock: Clock = { now: () => new Date(Date.now() + offset) };

beforeAll(async () => {
  t = await startTestServer({ clock });
  org = seedOrganization(t);
});
afterAll(async () => {
  await t.close();
});

const newCode = async (label = 'Sucursal 1 · Caja 2') => {
  const res = await t.call('POST', '/tills/pairing-codes', { key: org.key, body: { label } });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { code: string; label: string; expires_at: string };
};
const pair = (code: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  t.call('POST', '/tills/pair', { body: { code, name: 'Caja 2', branch: '001', terminal: '00002', identification_number: '3101123456', ...extra }, headers });

describe('pairing codes', () => {
  it('are shown once, 8 characters of an unambiguous alphabet, valid 15 minutes; only their digest is kept', async () => {
    const made = await newCode();
    expect(made.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(made.label).toBe('Sucursal 1 · Caja 2');
    expect(Date.parse(made.expires_at) - clock.now().getTime()).toBeGreaterThan(14 * 60_000);
    const stored = t.server.core.store.db.$client.prepare('SELECT code_hash FROM pairing_codes').all() as { code_hash: string }[];
    expect(JSON.stringify(stored)).not.toContain(made.code.replace('-', ''));
  });

  it('need settings:manage', async () => {
    const reader = seedOrganization(t, { identificationNumber: '3101000001' }, { abilities: ['settings:read'] });
    const res = await t.call('POST', '/tills/pairing-codes', { key: reader.key, body: { label: 'x' } });
    expect([res.status, res.body.error?.code]).toEqual([403, 'forbidden']);
  });
});

describe('POST /tills/pair', () => {
  it('refuses a wrong code (400 pairing_code_invalid), in Spanish too', async () => {
    const res = await pair('ZZZZ-ZZZZ');
    expect([res.status, res.body.error.code]).toEqual([400, 'pairing_code_invalid']);
    const es = await pair('ZZZZ-ZZZZ', {}, { 'accept-language': 'es' });
    expect(es.body.error.message).toMatch(/código de enlace no es válido/);
  });

  it("refuses a till of another taxpayer (409 organization_mismatch) and leaves the code for the right one", async () => {
    const { code } = await newCode();
    const wrong = await pair(code, { identification_number: '3101999999' });
    expect([wrong.status, wrong.body.error.code]).toEqual([409, 'organization_mismatch']);
    const right = await pair(code);
    expect(right.status, right.text).toBe(201);
  });

  it('gives the till a key with replication:write alone, and the code works once (409 pairing_code_used)', async () => {
    const { code } = await newCode();
    // Typed as a person would: lower case, without the dash.
    const res = await pair(code.toLowerCase().replace('-', ''));
    expect(res.status, res.text).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({ organization: { uuid: org.uuid, identification_number: '3101123456', name: org.row.name }, head_office_name: org.row.name });
    expect(data.token).toMatch(/^fct_test_/);
    // The key reads the changes feed, and nothing else.
    expect((await t.call('GET', '/replication/changes', { key: data.token })).status).toBe(200);
    const other = await t.call('GET', '/documents', { key: data.token });
    expect(other.status).toBe(403);
    const again = await pair(code);
    expect([again.status, again.body.error.code]).toEqual([409, 'pairing_code_used']);
    // Two tills racing for one code: exactly one gets it.
    const { code: raced } = await newCode();
    const answers = await Promise.all([pair(raced, { name: 'A' }), pair(raced, { name: 'B' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('refuses an expired code (410 pairing_code_expired)', async () => {
    const { code } = await newCode();
    offset += 16 * 60_000;
    try {
      const res = await pair(code);
      expect([res.status, res.body.error.code]).toEqual([410, 'pairing_code_expired']);
      const es = await pair(code, {}, { 'accept-language': 'es' });
      expect(es.body.error.message).toMatch(/venció/);
    } finally {
      offset -= 16 * 60_000;
    }
  });
});

describe('GET /tills and DELETE /tills/{id}', () => {
  it('lists the paired tills; unpairing revokes the key and drops it from the list', async () => {
    const { code } = await newCode('Sucursal 3');
    const paired = (await pair(code, { name: 'Sucursal 3 · Caja 1', branch: '003', terminal: '00001' })).body.data;
    const list = await t.call('GET', '/tills', { key: org.key });
    expect(list.status).toBe(200);
    const till = list.body.data.find((x: { id: number }) => x.id === paired.till_id);
    expect(till).toMatchObject({ name: 'Sucursal 3 · Caja 1', branch: '003', terminal: '00001', last_seen_at: null, documents_received: 0 });
    const removed = await t.call('DELETE', `/tills/${paired.till_id}`, { key: org.key });
    expect(removed.status).toBe(204);
    const refused = await t.call('GET', '/replication/changes', { key: paired.token });
    expect([refused.status, refused.body.error.code]).toEqual([401, 'key_revoked']);
    const after = await t.call('GET', '/tills', { key: org.key });
    expect(after.body.data.map((x: { id: number }) => x.id)).not.toContain(paired.till_id);
    const twice = await t.call('DELETE', `/tills/${paired.till_id}`, { key: org.key });
    expect(twice.status).toBe(404);
  });

  it("does not show or unpair another organization's tills", async () => {
    const { code } = await newCode();
    const paired = (await pair(code)).body.data;
    const other = seedOrganization(t, { identificationNumber: '3101000002' });
    expect((await t.call('GET', '/tills', { key: other.key })).body.data).toEqual([]);
    expect((await t.call('DELETE', `/tills/${paired.till_id}`, { key: other.key })).status).toBe(404);
  });
});

describe('the pairing limit', () => {
  it('answers 429 rate_limited after 10 tries a minute from one address', async () => {
    // A server of its own: the tries above count against this address too.
    const fresh = await startTestServer();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await fresh.call('POST', '/tills/pair', { body: { code: 'ABCD-EFGH', name: 'x', branch: '001', terminal: '00001', identification_number: '3101123456' } });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.error.code).toBe('rate_limited');
      }
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
    } finally {
      await fresh.close();
    }
  });
});
