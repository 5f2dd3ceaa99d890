/**
 * A till reporting to its head office (docs/replication.md), both real servers: the head office on a throw-away
 * PostgreSQL database, the till on SQLite delivering to the tax authority's simulator. Pairing with a one-time
 * code; tickets issued at the till arrive at the head office exactly once (by clave) with their cashier and
 * shift, and their verdict follows; the head office down does not stop the counter, and everything waiting
 * arrives once it is back, none twice; products and customers changed at the head office arrive at the till
 * over a local edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import { startHeadOffice, type HeadOffice } from '../helpers/head-office.ts';
import { portOf, rawRequest } from '../helpers/raw-http.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { getHeadOfficeLink } from '../../src/store/head-office-links.ts';
import { countWaitingDocuments } from '../../src/store/replication-queue.ts';
import { HeadOfficeClient } from '../../src/replication/till/head-office-client.ts';
import { openToken } from '../../src/replication/till/link.ts';
import { pushWaiting } from '../../src/replication/till/replicate-job.ts';

const CSRF = { 'x-facturador-csrf': '1' };
const JSON_TYPE = { 'content-type': 'application/json' };

let office: HeadOffice;
let till: TestServer;
let org: SeededOrganization;
let simulator: Simulator;

/** A ticket of till 001-00001 (the shift's). */
function ticket(): Body {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  delete body['document'].sucursal;
  delete body['document'].punto_venta;
  body['document'].terminal = '1';
  return body;
}
const atTill = (method: string, path: string, body?: unknown) => till.call(method, path, { key: org.key, body, headers: { 'accept-language': 'en' } });

async function issue(): Promise<string> {
  const res = await atTill('POST', '/electronic-documents', ticket());
  expect(res.status, res.text).toBe(201);
  return res.body.data.document_key as string;
}

/** Waits until `check` holds (polling), failing with what it last saw. */
async function until<T>(what: string, read: () => T | Promise<T>, check: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
    last = await read();
  }
  return last;
}

/** How many times each clave is at the head office (replicated from a till). */
const copiesAtHeadOffice = (claves: string[]) => {
  const rows = office.query<{ clave: string; n: number | string }>(`SELECT clave, count(*) AS n FROM documents WHERE till_id IS NOT NULL GROUP BY clave`);
  const counts = new Map(rows.map((r) => [r.clave, Number(r.n)]));
  return claves.map((c) => counts.get(c) ?? 0);
};

async function pairingCode(label = 'Sucursal 1 · Caja 1'): Promise<string> {
  const res = await office.call('POST', '/tills/pairing-codes', { label });
  expect(res.status, res.text).toBe(201);
  return res.body.data.code as string;
}

beforeAll(async () => {
  office = await startHeadOffice();
  ({ t: till, org, simulator } = await startDelivering());
}, 60_000);
afterAll(async () => {
  await till?.close();
  await simulator?.close();
  await office?.close();
});

describe('pairing', () => {
  it('is not linked before; a wrong code is refused with the head office\'s reason; a good one links the till', async () => {
    expect((await atTill('GET', '/settings/head-office')).body.data).toMatchObject({ linked: false, url: null, pending_documents: 0 });
    const wrong = await atTill('POST', '/settings/head-office', { url: office.url, code: 'ZZZZ-ZZZZ' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.body.error.code).toBe('pairing_code_invalid');
    const nowhere = await atTill('POST', '/settings/head-office', { url: 'http://127.0.0.1:9', code: 'ABCD-EFGH' });
    expect([nowhere.status, nowhere.body.error.code]).toEqual([502, 'head_office_unreachable']);

    const code = await pairingCode();
    const paired = await atTill('POST', '/settings/head-office', { url: `${office.url}/`, code: code.toLowerCase(), name: 'Caja 1' });
    expect(paired.status, paired.text).toBe(201);
    expect(paired.body.data).toMatchObject({ head_office_name: expect.any(String), till_id: expect.any(Number) });
    const status = await atTill('GET', '/settings/head-office');
    expect(status.body.data).toMatchObject({ linked: true, url: office.url, till_id: paired.body.data.till_id });
    const listed = await office.call('GET', '/tills');
    expect(listed.body.data.map((x: { name: string }) => x.name)).toContain('Caja 1');

    const again = await atTill('POST', '/settings/head-office', { url: office.url, code });
    expect([again.status, again.body.error.code]).toEqual([409, 'head_office_linked']);
    // The till's credential is sealed: the row holds no clear token.
    const row = till.server.core.store.db.$client.prepare('SELECT token FROM head_office_links').get() as { token: Buffer };
    expect(row.token.toString('latin1')).not.toMatch(/fk_|sk_/);
  });
});

describe('documents go to the head office', () => {
  it('tickets issued at the till arrive exactly once, with the cashier and the shift, and their verdict follows', async () => {
    // A shift on the till, and a cashier signed in on a browser session, as at a real counter.
    const shift = await atTill('POST', '/shifts', { terminal: '1', opening_float: '20000' });
    expect(shift.status, shift.text).toBe(201);
    const login = await rawRequest(portOf(till.url), { method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...CSRF }, body: JSON.stringify({ token: till.server.app.browserSessions.issueLoginToken() }) });
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
    const session = (method: string, path: string, body?: unknown) => rawRequest(portOf(till.url), {
      method, path: `/api/v1${path}`, headers: { cookie, 'accept-language': 'en', ...(method === 'GET' ? {} : CSRF), ...(body === undefined ? {} : JSON_TYPE) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const owner = await session('POST', '/cashiers', { name: 'Doña Marta', pin: '482193', role: 'owner' });
    expect(owner.status, owner.text).toBe(201);
    expect((await session('POST', '/session/cashier', { cashier_id: owner.body.data.id, pin: '482193' })).status).toBe(200);
    const byCashier = await session('POST', '/electronic-documents', ticket());
    expect(byCashier.status, byCashier.text).toBe(201);

    const claves = [byCashier.body.data.document_key as string];
    for (let i = 0; i < 9; i++) claves.push(await issue());
    await until('10 documents at the head office', () => copiesAtHeadOffice(claves), (n) => n.every((c) => c === 1));

    const [first] = office.query<{ till_cashier: string; till_shift: string; signed_xml: Buffer }>('SELECT till_cashier, till_shift, signed_xml FROM documents WHERE clave = ?', claves[0]);
    expect(JSON.parse(first!.till_cashier)).toEqual({ id: owner.body.data.id, name: 'Doña Marta' });
    expect(JSON.parse(first!.till_shift)).toMatchObject({ id: shift.body.data.id, opened_at: shift.body.data.opened_at, closed_at: null });
    const xml = await atTill('GET', `/documents/${claves[0]}/xml`);
    expect(Buffer.from(first!.signed_xml).toString('utf8')).toBe(xml.text);

    // The simulator accepts them; each acceptance goes on as a newer version of the same document.
    await until('the verdicts at the head office', () => office.query<{ status: string }>(`SELECT status FROM documents WHERE till_id IS NOT NULL`).map((r) => r.status),
      (s) => s.length === 10 && s.every((x) => x === 'accepted'));
    expect(copiesAtHeadOffice(claves)).toEqual(claves.map(() => 1));
    await until('nothing waiting at the till', async () => (await atTill('GET', '/settings/head-office')).body.data, (d) => d.pending_documents === 0 && d.last_error === null);
  }, 120_000);

  it('the head office down: the till keeps issuing, its documents wait, and arrive once it is back, none twice', async () => {
    const before = office.query<{ n: string | number }>('SELECT count(*) AS n FROM documents WHERE till_id IS NOT NULL').map((r) => Number(r.n))[0]!;
    await office.stop();
    const claves: string[] = [];
    const started = Date.now();
    for (let i = 0; i < 8; i++) claves.push(await issue());
    // Nothing at the counter waited for the head office.
    expect(Date.now() - started).toBeLessThan(8 * 1_000);
    const waiting = await until('the till to notice', async () => (await atTill('GET', '/settings/head-office')).body.data, (d) => d.last_error !== null);
    expect(waiting.pending_documents).toBeGreaterThanOrEqual(1);
    expect(waiting.last_error).toMatch(/unreachable/);

    await office.start();
    // No "sync now": the outbox's backoff brings the push back by itself.
    await until('the waiting documents at the head office', () => copiesAtHeadOffice(claves), (n) => n.every((c) => c === 1), 60_000);
    const total = office.query<{ n: string | number }>('SELECT count(*) AS n FROM documents WHERE till_id IS NOT NULL').map((r) => Number(r.n))[0]!;
    expect(total).toBe(before + claves.length);
    await until('nothing waiting at the till', async () => (await atTill('GET', '/settings/head-office')).body.data, (d) => d.pending_documents === 0 && d.last_error === null, 60_000);
    const doubles = office.query<{ clave: string }>('SELECT clave FROM documents GROUP BY clave HAVING count(*) > 1');
    expect(doubles).toEqual([]);
  }, 120_000);
});

describe('a confirmation lost in a crash', () => {
  it('sends the documents again, and the head office keeps one copy of each', async () => {
    const before = office.query<{ clave: string }>('SELECT clave FROM documents WHERE till_id IS NOT NULL').map((r) => r.clave);
    // As if the till died after the head office answered and before it wrote the confirmations down.
    till.server.core.store.db.$client.prepare('UPDATE documents SET replicated_version = NULL').run();
    expect((await atTill('GET', '/settings/head-office')).body.data.pending_documents).toBe(before.length);
    expect((await atTill('POST', '/settings/head-office/sync')).status).toBe(200);
    await until('nothing waiting at the till', async () => (await atTill('GET', '/settings/head-office')).body.data, (d) => d.pending_documents === 0 && d.last_error === null);
    expect(copiesAtHeadOffice(before)).toEqual(before.map(() => 1));
    expect(office.query('SELECT clave FROM documents GROUP BY clave HAVING count(*) > 1')).toEqual([]);
  }, 90_000);
});

describe('products and customers come from the head office', () => {
  it('a product, its new price and a customer changed at the head office replace the till\'s own', async () => {
    const local = await atTill('POST', '/products', { code: 'CAF-500', description: 'Café de la caja', cabys_code: '2391102010200', unit: 'Unid', price: '1000', tax_rate_code: '08' });
    expect(local.status, local.text).toBe(201);
    const product = await office.call('POST', '/products', { code: 'CAF-500', barcode: '7441001234567', description: 'Café molido 500 g', cabys_code: '2391102010200', unit: 'Unid', price: '3250.50', tax_rate_code: '08' });
    expect(product.status, product.text).toBe(201);
    const customer = await office.call('POST', '/recipients', { name: 'Distribuidora Central', identification_type: '02', identification_number: '3101654321', email: 'compras@central.example.cr' });
    expect(customer.status, customer.text).toBe(201);

    expect((await atTill('POST', '/settings/head-office/sync')).status).toBe(200);
    const arrived = await until('the product at the till', async () => (await atTill('GET', '/products?search=CAF-500')).body.data, (rows) => rows.length === 1 && rows[0].price === '3250.5', 20_000).catch(async (error) => {
      throw new Error(`${(error as Error).message}; link: ${JSON.stringify((await atTill('GET', '/settings/head-office')).body.data)}`);
    });
    expect(arrived[0]).toMatchObject({ code: 'CAF-500', description: 'Café molido 500 g', barcode: '7441001234567', id: local.body.data.id });
    const customers = await until('the customer at the till', async () => (await atTill('GET', '/recipients?search=3101654321')).body.data, (rows) => rows.length === 1);
    expect(customers[0]).toMatchObject({ name: 'Distribuidora Central', email: 'compras@central.example.cr' });

    // A new price at the head office, and a local edit at the till meanwhile: the head office wins.
    const changed = await office.call('PUT', `/products/${product.body.data.id}`, { code: 'CAF-500', description: 'Café molido 500 g', cabys_code: '2391102010200', unit: 'Unid', price: '3400', tax_rate_code: '08' });
    expect(changed.status, changed.text).toBe(200);
    await atTill('PUT', `/products/${local.body.data.id}`, { code: 'CAF-500', description: 'Editado en la caja', cabys_code: '2391102010200', unit: 'Unid', price: '999', tax_rate_code: '08' });
    expect((await atTill('POST', '/settings/head-office/sync')).status).toBe(200);
    const repriced = await until('the new price at the till', async () => (await atTill('GET', '/products?search=CAF-500')).body.data, (rows) => rows[0]?.price === '3400');
    expect(repriced[0].description).toBe('Café molido 500 g');
    const status = await until('the pull recorded', async () => (await atTill('GET', '/settings/head-office')).body.data, (d) => d.last_pull_at !== null);
    expect(status.last_error).toBeNull();
  }, 90_000);
});

describe('a push begun before a new pairing', () => {
  it('confirms nothing for the new link: the documents wait for the head office it reports to now', async () => {
    const core = till.server.core;
    await core.outbox.stop(); // no push of its own meanwhile: this one is the run that began earlier
    try {
      await issue();
      const link = getHeadOfficeLink(core.store.db, org.row.id)!;
      const waiting = () => countWaitingDocuments(core.store.db, org.row.id);
      const before = waiting();
      expect(before).toBeGreaterThan(0);
      const client = new HeadOfficeClient({ url: link.url, token: openToken(core.vault, link) });
      // Paired at another moment than the link now is: the head office's answer belongs to an earlier link.
      const outcome = await pushWaiting({ store: core.store, vault: core.vault, clock: core.clock }, org.row.id, client, '2000-01-01T00:00:00.000Z');
      expect(outcome).toMatchObject({ sent: 0, finished: true });
      expect(waiting()).toBe(before);
    } finally {
      core.outbox.start();
    }
  });
});

describe('unlinking', () => {
  it('removes the link; a second unlink is 404', async () => {
    expect((await atTill('DELETE', '/settings/head-office')).status).toBe(200);
    expect((await atTill('GET', '/settings/head-office')).body.data).toMatchObject({ linked: false });
    expect((await atTill('DELETE', '/settings/head-office')).status).toBe(404);
    expect((await atTill('POST', '/settings/head-office/sync')).status).toBe(404);
  });
});
