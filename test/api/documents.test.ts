/**
 * Issuing over HTTP: POST /electronic-documents to signed, numbered, stored and readable documents;
 * validation, abilities, duplicates, concurrency, idempotency, listing and a restart in the middle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatePlan, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { verifyXml } from '../../src/signing/verify.ts';
import { validateXsd } from '../../src/xml/xsd-validate.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';

/** An example dated a minute ago: never in the future, nor earlier than situation 1 allows. */
const example = (name: string): Body => exampleRequest(name, new Date(Date.now() - 60_000));

function ticket(overrides: (b: Body) => void = () => {}): Body {
  const body = example('04-tiquete');
  overrides(body);
  return body;
}

let t: TestServer;
let org: SeededOrganization;

async function uploadCertificate(key: string, environment?: string): Promise<void> {
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  const res = await t.call('POST', '/organizations/me/certificate', {
    key,
    body: { certificate: p12, pin: TEST_PIN, atv_user: 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr', atv_password: 'secreto', ...(environment ? { environment } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  await uploadCertificate(org.key);
});
afterAll(async () => t.close());

describe('POST /electronic-documents', () => {
  it('issues a signed, numbered ticket and answers 201 DocumentSubmitted', async () => {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ success: true, api_version: '1.0' });
    const d = res.body.data;
    expect(d).toMatchObject({ document_type: '04', document_type_name: 'Tiquete electrónico', environment: 'staging', status: 'processing', tenant_uuid: org.uuid });
    expect(d.document_key).toMatch(/^506\d{6}003101123456\d{29}$/);
    expect(d.consecutive_number).toBe(d.document_key.slice(21, 41));
    expect(typeof d.id).toBe('number');
  });

  it('stores the exact signed bytes: the XML download verifies, validates and names the file after the clave', async () => {
    const issued = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket() })).body.data;
    const xml = await t.call('GET', `/documents/${issued.document_key}/xml`, { key: org.key });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-disposition')).toBe(`attachment; filename="${issued.document_key}.xml"`);
    expect(verifyXml(xml.text).valid).toBe(true);
    for (const set of ['v4.4', 'v4.4-2026-rev'] as const) expect((await validateXsd([xml.text], set))[0]!.errors).toEqual([]);
    const view = await t.call('GET', `/electronic-documents/${issued.consecutive_number}`, { key: org.key });
    expect(view.body.data.signed_xml).toBe(xml.text);
    expect(view.body.data).toMatchObject({ document_key: issued.document_key, status: 'processing', currency: 'CRC', total_amount: 5085, rejections: [] });
    expect((await t.call('GET', `/electronic-documents/${issued.id}`, { key: org.key })).body.data.document_key).toBe(issued.document_key);
  });

  it('returns every validation problem as 422 validation_error, in Spanish or English', async () => {
    const es = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.items[0].cabys_code = '123'; b.commercial_info.currency = 'XYZ'; }) });
    expect(es.status).toBe(422);
    expect(es.body.error.code).toBe('validation_error');
    expect(Object.keys(es.body.error.errors).sort()).toEqual(['commercial_info.currency', 'items.0.cabys_code']);
    expect(es.body.error.message).toContain(' | ');
    const en = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.api_config = { language: 'en' }; delete b.issuer.name; }) });
    expect(en.body.error.errors['issuer.name']).toEqual(['This field is required.']);
  });

  it('asks for what the document type requires of its parties (issuer address and e-mail) instead of failing', async () => {
    for (const name of ['04-tiquete', '01-factura']) {
      const body = example(name);
      delete body.issuer.address;
      delete body.issuer.email;
      const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
      expect(res.status, name).toBe(422);
      expect(res.body.error.errors['issuer.address'], name).toEqual(['La ubicación del emisor es obligatoria (salvo un proveedor extranjero o no contribuyente en la factura de compra).']);
      expect(res.body.error.errors['issuer.email'], name).toEqual(['El correo electrónico del emisor es obligatorio en este tipo de comprobante.']);
    }
  });

  it('refuses an issuer that is not the organization', async () => {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.issuer.id = '3101999999'; }) });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('issuer_mismatch');
  });

  it('needs a certificate for the environment', async () => {
    const other = seedOrganization(t, { identificationNumber: '3101222222' });
    const res = await t.call('POST', '/electronic-documents', { key: other.key, body: ticket((b) => { b.issuer.id = '3101222222'; }) });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('certificate_required');
  });

  it('checks the abilities of the document family', async () => {
    const ticketsOnly = seedOrganization(t, { identificationNumber: '3101333333' }, { abilities: ['tickets:write', 'tickets:sign', 'tickets:read', 'settings:manage'] });
    await uploadCertificate(ticketsOnly.key);
    const invoice = example('01-factura');
    invoice.issuer.id = '3101333333';
    const res = await t.call('POST', '/electronic-documents', { key: ticketsOnly.key, body: invoice });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: { code: 'forbidden' }, message: expect.stringContaining('invoices:write') });
    const ok = await t.call('POST', '/electronic-documents', { key: ticketsOnly.key, body: ticket((b) => { b.issuer.id = '3101333333'; }) });
    expect(ok.status).toBe(201);
  });

  it('rejects a consecutive or clave already used, naming the other document', async () => {
    const first = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket() })).body.data;
    const again = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.document.consecutive_number = first.consecutive_number; b.document.branch = '002'; b.document.terminal = '00003'; }) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('duplicate_consecutive');
    expect(again.body.error.message).toContain(first.document_key);
    const consecutive = '00200003040000099999';
    const clave = `${first.document_key.slice(0, 21)}${consecutive}${first.document_key.slice(41)}`;
    const withClave = ticket((b) => { b.document.consecutive_number = consecutive; b.document.clave = clave; });
    expect((await t.call('POST', '/electronic-documents', { key: org.key, body: withClave })).status).toBe(201);
    const resent = await t.call('POST', '/electronic-documents', { key: org.key, body: withClave });
    expect(resent.status).toBe(409);
    expect(resent.body.error.code).toBe('duplicate_clave');
    expect(resent.body.error.message).toContain(consecutive);
  });

  it('numbers concurrent requests without duplicates or gaps, and a failed request takes no number', async () => {
    const body = () => ticket((b) => { b.document.terminal = '00077'; });
    const results = await Promise.all(Array.from({ length: 16 }, () => t.call('POST', '/electronic-documents', { key: org.key, body: body() })));
    expect(results.map((r) => r.status)).toEqual(Array(16).fill(201));
    const numbers = results.map((r) => Number(r.body.data.consecutive_number.slice(10))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const failed = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.document.terminal = '00077'; b.items[0].quantity = -1; }) });
    expect(failed.status).toBe(422);
    const next = await t.call('POST', '/electronic-documents', { key: org.key, body: body() });
    expect(Number(next.body.data.consecutive_number.slice(10))).toBe(17);
  });

  it('marks simulated verdicts of test keys with Service-Simulated', async () => {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.api_config = { simulate: 'rejected' }; }) });
    expect(res.status).toBe(201);
    expect(res.headers.get('service-simulated')).toBe('true');
    expect(res.body.data.simulated).toBe(true);
  });

  it('refuses simulation with a live key', async () => {
    activatePlan(t);
    const live = seedOrganization(t, { identificationNumber: '3101444444' }, { mode: 'live' });
    await uploadCertificate(live.key, 'production');
    const res = await t.call('POST', '/electronic-documents', { key: live.key, body: ticket((b) => { b.issuer.id = '3101444444'; b.api_config = { simulate: 'accepted' }; }) });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('simulation_not_available');
    const real = await t.call('POST', '/electronic-documents', { key: live.key, body: ticket((b) => { b.issuer.id = '3101444444'; }) });
    expect(real.status, JSON.stringify(real.body)).toBe(201);
    expect(real.body.data.environment).toBe('production');
  });
});

describe('idempotency', () => {
  it('replays the stored response for the same key and body', async () => {
    const body = ticket();
    const headers = { 'X-Idempotency-Key': 'venta-0001' };
    const first = await t.call('POST', '/electronic-documents', { key: org.key, body, headers });
    const second = await t.call('POST', '/electronic-documents', { key: org.key, body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const other = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket(), headers });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('lets exactly one of parallel identical requests run', async () => {
    const body = ticket();
    const headers = { 'X-Idempotency-Key': 'venta-race' };
    const results = await Promise.all(Array.from({ length: 8 }, () => t.call('POST', '/electronic-documents', { key: org.key, body, headers })));
    const created = results.filter((r) => r.status === 201);
    const keys = new Set(created.map((r) => r.body.data.document_key));
    expect(keys.size).toBe(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body.error.code).toBe('idempotency_in_progress');
  });

  it('refuses keys longer than 255 characters', async () => {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket(), headers: { 'X-Idempotency-Key': 'k'.repeat(256) } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_idempotency_key' }, message: expect.any(String) });
  });
});

describe('GET /documents', () => {
  it('pages newest first with next_cursor and filters', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: Body } = await t.call('GET', `/documents?per_page=7${cursor ? `&cursor=${cursor}` : ''}`, { key: org.key });
      expect(res.body.success).toBe(true);
      seen.push(...res.body.data.map((d: Body) => d.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen.length).toBeGreaterThan(20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.map(Number)).toEqual([...seen.map(Number)].sort((a, b) => b - a));
    const tickets = await t.call('GET', '/documents?document_type=04&status=processing&per_page=3', { key: org.key });
    expect(tickets.body.data).toHaveLength(3);
    expect(tickets.body.data[0]).toMatchObject({ document_type: '04', status: 'processing', currency: 'CRC' });
    const bad = await t.call('GET', '/documents?per_page=500', { key: org.key });
    expect(bad.status).toBe(400); // a query parameter: the spec's 400, not a body's 422
    expect(bad.body.error.code).toBe('invalid_request');
  });

  it('answers 404 document_not_found for unknown keys and other organizations', async () => {
    expect((await t.call('GET', '/electronic-documents/99999999', { key: org.key })).body.error.code).toBe('document_not_found');
  });
});

describe('restart', () => {
  it('keeps documents and continues counters after a restart', async () => {
    const before = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.document.terminal = '00088'; }) })).body.data;
    await t.restart();
    const view = await t.call('GET', `/electronic-documents/${before.document_key}`, { key: org.key });
    expect(view.status).toBe(200);
    const after = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.document.terminal = '00088'; }) })).body.data;
    expect(Number(after.consecutive_number.slice(10))).toBe(Number(before.consecutive_number.slice(10)) + 1);
  });
});
