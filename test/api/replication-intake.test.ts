/**
 * A till's documents reaching its head office over real HTTP (docs/replication.md): two servers, a till and a
 * head office of the same taxpayer; the till issues real signed documents and its rows go to
 * POST /replication/documents with the key pairing gave it. Each clave is stored once, updated when a newer
 * version of the till's row comes, unchanged when sent again, a conflict when its bytes or its consecutive
 * clash. The document is then the head office's like its own: in GET /documents with its till, its XML byte
 * for byte, in the month's VAT worksheet. The changes feed hands products and customers out in pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costaRicaDate } from '../../src/domain/costa-rica-time.ts';
import { findDocumentByClave, type DocumentRow } from '../../src/store/documents.ts';
import type { ReplicatedDocument } from '../../src/replication/wire.ts';
import { giveCertificate, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { issueAtTill, readyTill, wireOf } from './replication-fixtures.ts';

let head: TestServer;
let till: TestServer;
let headOrg: SeededOrganization;
let tillOrg: SeededOrganization;
let token: string;
let tillId: number;
/** The till's documents: the first three reach the head office, the fourth clashes with one of the head office's own. */
const issued: DocumentRow[] = [];
const replicated = () => issued.slice(0, 3);
let headOwn: DocumentRow;

beforeAll(async () => {
  [head, till] = await Promise.all([startTestServer(), startTestServer()]);
  headOrg = seedOrganization(head);
  tillOrg = seedOrganization(till);
  await readyTill(till, tillOrg);
  for (let i = 0; i < 4; i++) issued.push(await issueAtTill(till, tillOrg));
  const code = (await head.call('POST', '/tills/pairing-codes', { key: headOrg.key, body: { label: 'Caja 1' } })).body.data.code;
  const paired = await head.call('POST', '/tills/pair', { body: { code, name: 'Sucursal 2 · Caja 3', branch: '002', terminal: '00003', identification_number: '3101123456' } });
  expect(paired.status, paired.text).toBe(201);
  ({ token, till_id: tillId } = paired.body.data);
}, 60_000);
afterAll(async () => {
  await Promise.all([head?.close(), till?.close()]);
});

const send = (documents: ReplicatedDocument[], key = token) => head.call('POST', '/replication/documents', { key, body: { documents } });
const outcomes = (res: { body: { data: { results: { clave: string; outcome: string }[] } } }) => res.body.data.results.map((r) => r.outcome);

describe('POST /replication/documents', () => {
  it('stores new documents, then answers unchanged when the same batch comes again', async () => {
    const batch = issued.slice(0, 2).map((row) => wireOf(row));
    const first = await send(batch);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.results).toEqual(batch.map((d) => ({ clave: d.clave, outcome: 'stored' })));
    const again = await send(batch);
    expect(outcomes(again)).toEqual(['unchanged', 'unchanged']);
    const tills = (await head.call('GET', '/tills', { key: headOrg.key })).body.data;
    expect(tills.find((x: { id: number }) => x.id === tillId)).toMatchObject({ documents_received: 2, last_seen_at: expect.any(String) });
  });

  it('keeps the VAT lines of a stored document right after answering', async () => {
    const count = () => Number((head.server.core.store.db.$client.prepare(
      "SELECT count(*) AS n FROM vat_lines l JOIN documents d ON d.id = l.document_id WHERE l.source = 'issued' AND d.clave = ?",
    ).get(issued[0]!.clave) as { n: number }).n);
    const until = Date.now() + 10_000;
    while (count() === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    // One line: the ticket's lunch at 13 %.
    expect(count()).toBe(1);
  });

  it('updates the status fields when a newer version of the till\'s row comes, and only then', async () => {
    const row = issued[0]!;
    const answer = Buffer.from('<MensajeHacienda>aceptado</MensajeHacienda>');
    const newer = new Date(Date.parse(row.updatedAt) + 5_000).toISOString();
    const accepted = wireOf(row, { status: 'accepted', hacienda_status: 'aceptado', hacienda_response_at: newer, response_xml: answer.toString('base64'), updated_at: newer, shift: { id: 3, opened_at: '2026-11-27T12:00:00.000Z', closed_at: newer } });
    expect(outcomes(await send([accepted]))).toEqual(['updated']);
    // An older report arriving late changes nothing.
    expect(outcomes(await send([wireOf(row)]))).toEqual(['unchanged']);
    const view = (await head.call('GET', `/electronic-documents/${row.clave}`, { key: headOrg.key })).body.data;
    expect(view).toMatchObject({ status: 'accepted', hacienda_status: 'aceptado', till: { id: tillId, name: 'Sucursal 2 · Caja 3', shift: { closed_at: newer } } });
    const xml = await fetch(`${head.url}/api/v1/documents/${row.clave}/response-xml`, { headers: { authorization: `Bearer ${headOrg.key}` } });
    expect(Buffer.from(await xml.arrayBuffer()).equals(answer)).toBe(true);
  });

  it('answers conflict for other bytes under a known clave, a consecutive already used, or another taxpayer\'s document', async () => {
    const [a, , c] = issued;
    const tampered = wireOf(a!, { signed_xml: Buffer.from(a!.signedXml.toString('utf8').replace('Almuerzo', 'Almuerzo!')).toString('base64') });
    // Document c's bytes under a's consecutive: the XML does not carry it.
    const clash = wireOf(c!, { consecutive: a!.consecutive });
    const foreign = wireOf(c!, { clave: `${c!.clave.slice(0, 9)}000999999999${c!.clave.slice(21)}` });
    const res = await send([tampered, clash, foreign]);
    expect(res.status, res.text).toBe(200);
    expect(outcomes(res)).toEqual(['conflict', 'conflict', 'conflict']);
    for (const r of res.body.data.results) expect(r.message).toEqual(expect.any(String));
    // None of them was stored: c is still unknown to the head office.
    expect((await head.call('GET', `/electronic-documents/${c!.clave}`, { key: headOrg.key })).status).toBe(404);
  });

  it('answers conflict when the head office already used the consecutive for another document', async () => {
    expect(outcomes(await send([wireOf(issued[2]!)]))).toEqual(['stored']);
    // The head office issues a ticket of its own under the very consecutive the till's fourth carries.
    const clashing = issued[3]!;
    await giveCertificate(head, headOrg);
    const moved = await head.call('PUT', '/organizations/me/consecutives', { key: headOrg.key, body: { branch: clashing.consecutive.slice(0, 3), terminal: clashing.consecutive.slice(3, 8), document_type: '04', next_value: Number(clashing.consecutive.slice(10)), environment: 'staging' } });
    expect(moved.status, moved.text).toBe(200);
    const own = await head.call('POST', '/electronic-documents', { key: headOrg.key, body: exampleRequest('04-tiquete', new Date(Date.now() - 60_000)) });
    expect(own.status, own.text).toBe(201);
    expect(own.body.data.consecutive_number).toBe(clashing.consecutive);
    headOwn = findDocumentByClave(head.server.core.store.db, headOrg.row.id, 'staging', own.body.data.document_key)!;
    const res = await send([wireOf(clashing)]);
    expect(res.body.data.results).toEqual([{ clave: clashing.clave, outcome: 'conflict', message: expect.stringContaining(headOwn.clave) }]);
  });

  it('refuses keys that are not a paired till\'s, and batches over 200', async () => {
    const plain = await send([wireOf(issued[0]!)], headOrg.key);
    expect([plain.status, plain.body.error.code]).toEqual([403, 'till_not_paired']);
    const tooMany = await send(Array.from({ length: 201 }, () => wireOf(issued[0]!)));
    expect(tooMany.status).toBe(422);
  });
});

describe('the head office shows replicated documents', () => {
  it('lists them in GET /documents with their till', async () => {
    const list = await head.call('GET', '/documents?per_page=100', { key: headOrg.key });
    expect(list.status, list.text).toBe(200);
    const mine = list.body.data.filter((d: { document_key: string }) => replicated().some((r) => r.clave === d.document_key));
    expect(mine).toHaveLength(3);
    for (const d of mine) expect(d.till).toMatchObject({ id: tillId, name: 'Sucursal 2 · Caja 3', cashier: { id: 7, name: 'Ana' } });
    // The head office's own document names no till.
    expect(list.body.data.find((d: { document_key: string }) => d.document_key === headOwn.clave).till).toBeNull();
  });

  it('leaves voiding a till\'s document to the till, which numbers its notes', async () => {
    const row = replicated()[0]!;
    const refused = await head.call('POST', `/documents/${row.clave}/void`, { key: headOrg.key, body: { reason: 'Devolución' } });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'issued_at_till']);
    const spanish = await head.call('POST', `/documents/${row.clave}/void`, { key: headOrg.key, body: {}, headers: { 'accept-language': 'es' } });
    expect(spanish.body.error.message).toBe(`${row.clave} se emitió en una caja: anúlelo en esa caja.`);
  });

  it('downloads the signed XML byte for byte', async () => {
    for (const row of replicated()) {
      const res = await fetch(`${head.url}/api/v1/documents/${row.clave}/xml`, { headers: { authorization: `Bearer ${headOrg.key}` } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(row.signedXml)).toBe(true);
    }
  });

  it("counts them in the month's VAT worksheet", async () => {
    const month = costaRicaDate(new Date(Date.now() - 60_000)).slice(0, 7);
    const res = await head.call('GET', `/reports/vat?month=${month}`, { key: headOrg.key });
    expect(res.status, res.text).toBe(200);
    const sales = res.body.data.sections.find((s: { id: string }) => s.id === 'sales').lines as { id: string; documents: number; base: string | null }[];
    const taxed = sales.filter((l) => /^sales_\d{2}_(goods|services)$/.test(l.id) && l.documents > 0);
    // The till's three and the head office's own ticket.
    const all = [...replicated(), headOwn];
    expect(taxed.reduce((n, l) => n + l.documents, 0)).toBe(4);
    const net = all.reduce((sum, r) => sum + Number(r.netAmount), 0);
    expect(taxed.reduce((sum, l) => sum + Number(l.base), 0)).toBeCloseTo(net, 2);
    const behind = await head.call('GET', `/reports/vat/lines/${taxed[0]!.id}?month=${month}`, { key: headOrg.key });
    expect(behind.body.data.map((d: { clave: string }) => d.clave).sort()).toEqual(all.map((r) => r.clave).sort());
  });
});

describe('GET /replication/changes', () => {
  it('hands out products and customers in pages, with a cursor, then nothing new', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await head.call('POST', '/products', { key: headOrg.key, body: { code: `P${i}`, description: `Producto ${i}`, cabys_code: '2391102010200', unit: 'Unid', price: '1000', tax_code: '01', tax_rate_code: '08' } });
      expect(res.status, res.text).toBe(201);
    }
    for (let i = 1; i <= 3; i++) {
      const res = await head.call('POST', '/recipients', { key: headOrg.key, body: { name: `Cliente ${i}`, identification_type: '01', identification_number: `10111222${i}` } });
      expect(res.status, res.text).toBe(201);
    }
    const seen: string[] = [];
    let since = '';
    let pages = 0;
    for (;;) {
      const res = await head.call('GET', `/replication/changes?limit=3&since=${encodeURIComponent(since)}`, { key: token });
      expect(res.status, res.text).toBe(200);
      const data = res.body.data;
      pages++;
      seen.push(...data.products.map((p: { code: string }) => p.code), ...data.customers.map((c: { identification_number: string }) => c.identification_number));
      since = data.next_cursor;
      if (!data.more) break;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', '101112221', '101112222', '101112223']);
    // The last page's rows are younger than the settling window: the next pull hands them out again, and nothing else.
    const next = (await head.call('GET', `/replication/changes?limit=3&since=${encodeURIComponent(since)}`, { key: token })).body.data;
    expect(next.more).toBe(false);
    expect(next.products).toEqual([]);
    expect(next.customers.map((c: { identification_number: string }) => c.identification_number)).toEqual(['101112222', '101112223']);
    const bad = await head.call('GET', '/replication/changes?since=nonsense', { key: token });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_cursor']);
  });

  it('carries a change made after the cursor', async () => {
    // Everything up to now, then one product changed.
    let since = '';
    for (;;) {
      const data = (await head.call('GET', `/replication/changes?since=${encodeURIComponent(since)}`, { key: token })).body.data;
      since = data.next_cursor;
      if (!data.more) break;
    }
    const list = (await head.call('GET', '/products', { key: headOrg.key })).body.data as { id: number; code: string }[];
    const p2 = list.find((p) => p.code === 'P2')!;
    const changed = await head.call('PUT', `/products/${p2.id}`, { key: headOrg.key, body: { code: 'P2', description: 'Producto 2 nuevo', cabys_code: '2391102010200', unit: 'Unid', price: '1200', tax_code: '01', tax_rate_code: '08' } });
    expect(changed.status, changed.text).toBe(200);
    const data = (await head.call('GET', `/replication/changes?since=${encodeURIComponent(since)}`, { key: token })).body.data;
    expect(data.products.map((p: { code: string; price: string }) => [p.code, p.price])).toContainEqual(['P2', '1200']);
  });
});
