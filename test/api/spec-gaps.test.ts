/**
 * Where the API departed from the spec (issue 12): `page` on GET /documents, the spec's 400 codes for bad
 * query parameters, an empty body sent with a JSON Content-Type, the draft check's totals with other
 * charges, `document_type_name` in the `document.signed` payload, and `payment_required` for an account whose
 * payment failed more than 7 days ago, and archive imports sent as a multipart form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatePlan, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { localAccount, updateAccount } from '../../src/store/accounts.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { zipOf } from '../fixtures/archive-documents.ts';

let t: TestServer;
let org: SeededOrganization;
const issued: { document_key: string; id: number; total: string }[] = [];

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { certificate: p12, pin: TEST_PIN, atv_user: 'u@x.cr', atv_password: 'x' } });
  for (let i = 0; i < 3; i++) {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body: exampleRequest('01-factura', new Date(Date.now() - 60_000)) });
    if (res.status !== 201) throw new Error(res.text);
    const view = await t.call('GET', `/electronic-documents/${res.body.data.document_key}`, { key: org.key });
    issued.push({ document_key: res.body.data.document_key, id: res.body.data.id, total: String(view.body.data.total_amount) });
  }
});
afterAll(async () => t.close());

describe('GET /documents with page', () => {
  it('answers the page asked for, newest first, with the pagination object', async () => {
    const newestFirst = [...issued].reverse().map((d) => d.document_key);
    for (const page of [1, 2, 3]) {
      const res = await t.call('GET', `/documents?page=${page}&per_page=1`, { key: org.key });
      expect(res.status).toBe(200);
      expect(res.body.data.map((d: { document_key: string }) => d.document_key)).toEqual([newestFirst[page - 1]]);
      expect(res.body.pagination).toEqual({ current_page: page, per_page: 1, last_page: 3, total: 3 });
    }
    const past = await t.call('GET', '/documents?page=4&per_page=1', { key: org.key });
    expect(past.body.data).toEqual([]);
    expect(past.body.next_cursor).toBeNull();
    // The cursor keeps working beside it.
    const first = await t.call('GET', '/documents?per_page=2', { key: org.key });
    const next = await t.call('GET', `/documents?per_page=2&cursor=${first.body.next_cursor}`, { key: org.key });
    expect(next.body.data.map((d: { document_key: string }) => d.document_key)).toEqual([newestFirst[2]]);
  });
});

describe('bad query parameters', () => {
  it('answer 400 with the spec codes, not 422 validation_error', async () => {
    const date = await t.call('GET', '/documents?from=2026-13-45', { key: org.key });
    expect(date.status).toBe(400);
    expect(date.body.error.code).toBe('invalid_date');
    const missing = await t.call('GET', '/hacienda/resolution', { key: org.key });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('missing_param');
    expect(missing.body.error.message).toContain('clave');
    const page = await t.call('GET', '/documents?page=0', { key: org.key });
    expect(page.status).toBe(400);
    expect(page.body.error.code).toBe('invalid_request');
    expect(page.body.error.message).toContain('page');
  });

  it('say it in Spanish unless English is asked for', async () => {
    const es = await t.call('GET', '/hacienda/resolution', { key: org.key, headers: { 'accept-language': 'es-CR' } });
    expect(es.body.error.message).toBe('Falta el parámetro clave.');
    const en = await t.call('GET', '/hacienda/resolution', { key: org.key, headers: { 'accept-language': 'en' } });
    expect(en.body.error.message).toBe('The query parameter clave is missing.');
  });
});

describe('a JSON Content-Type on an empty body', () => {
  it('is taken as no body (DELETE, POST …/void)', async () => {
    const del = await t.call('DELETE', '/recipients/999999', { key: org.key, rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(del.status).toBe(404);
    expect(del.body.error.code).not.toBe('invalid_json');
    const voided = await t.call('POST', '/documents/00000000000000000000/void', { key: org.key, rawBody: '', headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(voided.body.error.code).not.toBe('invalid_json');
    expect(voided.status).toBe(404);
    // A body that is there and broken is still invalid JSON.
    const broken = await t.call('DELETE', '/recipients/999999', { key: org.key, rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(broken.body.error.code).toBe('invalid_json');
  });
});

describe('POST /hacienda/validate totals', () => {
  it('include other charges: the live total is the issued total', async () => {
    const draft = exampleRequest('01-factura');
    const res = await t.call('POST', '/hacienda/validate', { key: org.key, body: { document_type: '01', ...draft } });
    expect(res.body.data.valid).toBe(true);
    expect(res.body.data.totals.total_other_charges).toBe(4500);
    expect(res.body.data.totals.total).toBe(Number(issued[0]!.total));
    expect(res.body.data.totals.total.toFixed(2)).toBe('68228.26');
  });
});

describe('document.signed', () => {
  it('carries document_type_name', async () => {
    const rows = t.server.core.store.db.$client.prepare("SELECT payload FROM events WHERE type = 'document.signed'").all() as { payload: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(JSON.parse(row.payload)).toMatchObject({ document_type: '01', document_type_name: 'Factura electrónica' });
  });
});

describe('a past_due account', () => {
  it('keeps production for 7 days, then answers 402 payment_required', async () => {
    activatePlan(t);
    const live = seedOrganization(t, { identificationNumber: '3101999001' }, { mode: 'live' });
    const db = t.server.core.store.db;
    const account = localAccount(db, new Date());
    const day = 86_400_000;
    // The CLI's set-status past_due, run 6 days ago: still within the grace period.
    updateAccount(db, account.id, { status: 'past_due' }, new Date(Date.now() - 6 * day));
    expect((await t.call('GET', '/organizations/me', { key: live.key })).status).toBe(200);
    // Setting past_due again does not restart the clock; 8 days after it was first set, production stops.
    updateAccount(db, account.id, { status: 'past_due' }, new Date());
    updateAccount(db, account.id, { status: 'active' }, new Date());
    updateAccount(db, account.id, { status: 'past_due' }, new Date(Date.now() - 8 * day));
    updateAccount(db, account.id, { status: 'past_due' }, new Date());
    const refused = await t.call('GET', '/organizations/me', { key: live.key });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('payment_required');
    expect(refused.body.message).toBe(refused.body.error.message);
    // Test keys keep working, and paying (status active) gives production back.
    expect((await t.call('GET', '/organizations/me', { key: org.key })).status).toBe(200);
    updateAccount(db, account.id, { status: 'active' }, new Date());
    expect((await t.call('GET', '/organizations/me', { key: live.key })).status).toBe(200);
  });
});

describe('POST /archive/import as multipart/form-data', () => {
  it('imports the form\'s file field as it imports the raw ZIP', async () => {
    const zip = await zipOf([['notas.txt', Buffer.from('Facturas de 2025.')], ['raro.xml', Buffer.from('<Pedido xmlns="urn:pedidos"/>')]]);
    const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
      const res = await fetch(`${t.url}/api/v1/archive/import`, { method: 'POST', headers: { authorization: `Bearer ${org.key}`, ...headers }, body });
      return { status: res.status, body: await res.json() as { data: { problems: { file: string }[] }; error?: { code: string } } };
    };
    const raw = await post(new Uint8Array(zip), { 'content-type': 'application/zip' });
    expect(raw.status).toBe(200);
    const form = new FormData();
    form.append('note', 'importación de prueba\r\n--no es un límite');
    form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'archivo.zip');
    const multipart = await post(form);
    expect(multipart.status, JSON.stringify(multipart.body)).toBe(200);
    expect(multipart.body.data).toEqual(raw.body.data);
    expect(multipart.body.data.problems.map((p) => p.file).sort()).toEqual(['notas.txt', 'raro.xml']);
    const noFile = new FormData();
    noFile.append('note', 'sin archivo');
    const refused = await post(noFile);
    expect(refused.status).toBe(400);
    expect(refused.body.error!.code).toBe('invalid_request');
  });
});

describe('messages outside the document request', () => {
  it('follow Accept-Language (a tariff code whose national digits are unknown)', async () => {
    const es = await t.call('GET', '/reference/tariff-codes/090121000000', { key: org.key, headers: { 'accept-language': 'es' } });
    expect(es.body.error.message).toMatch(/^Los dígitos nacionales de 090121000000 no están en el catálogo/);
    const en = await t.call('GET', '/reference/tariff-codes/090121000000', { key: org.key, headers: { 'accept-language': 'en' } });
    expect(en.body.error.message).toMatch(/^The national digits of 090121000000 are not in the catalogue/);
    const unknown = await t.call('GET', '/reference/tariff-codes/7777', { key: org.key, headers: { 'accept-language': 'es' } });
    expect(unknown.body.error.message).toBe('No existe la partida arancelaria 7777.');
  });

  it('follow Accept-Language (a customer\'s identification, keys and abilities)', async () => {
    const es = { 'accept-language': 'es-CR' };
    const short = await t.call('POST', '/recipients', { key: org.key, headers: es, body: { name: 'Ana Mora', identification_type: '01', identification_number: '1234', email: 'ana@example.cr' } });
    expect(short.body.error.errors.identification_number).toEqual(['Una identificación de tipo 01 tiene 9 caracteres.']);
    const missing = await t.call('GET', '/recipients/abc', { key: org.key, headers: es });
    expect(missing.body.error.message).toBe('No hay un cliente abc en esta organización.');
    const accountOnly = await t.call('GET', '/api-keys', { key: org.key, headers: es });
    expect(accountOnly.body.error.message).toBe('Esta operación necesita una llave de cuenta (permiso account:manage), no una llave de organización.');
    const english = await t.call('GET', '/recipients/abc', { key: org.key, headers: { 'accept-language': 'en-US' } });
    expect(english.body.error.message).toBe('No recipient abc in this organization.');
  });
});
