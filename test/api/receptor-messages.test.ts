/** POST /receptor-messages: a signed MensajeReceptor, numbered 05/06/07, stored and listed as `RC`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCertificate, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import { verifyXml } from '../../src/signing/verify.ts';
import { validateXsd } from '../../src/xml/xsd-validate.ts';

let t: TestServer;
let org: SeededOrganization;

function message(edit: (b: Body) => void = () => {}): Body {
  const body = exampleRequest('receptor-mensaje');
  body.issue_date = new Date(Date.now() - 86_400_000).toISOString();
  edit(body);
  return body;
}

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  await giveCertificate(t, org);
});
afterAll(async () => t.close());

describe('POST /receptor-messages', () => {
  it('signs, numbers and stores an acceptance that validates and verifies', async () => {
    const res = await t.call('POST', '/receptor-messages', { key: org.key, body: message() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ document_key: '50618112600310198765400100001010000000123100000001', consecutive_number: '00100001050000000001', document_type: '05', status: 'processing' });
    const xml = await t.call('GET', `/documents/${res.body.data.consecutive_number}/xml`, { key: org.key });
    expect(xml.text).toContain('<MensajeReceptor xmlns=');
    expect(verifyXml(xml.text).valid).toBe(true);
    for (const set of ['v4.4', 'v4.4-2026-rev'] as const) expect((await validateXsd([xml.text], set))[0]!.errors).toEqual([]);
    const list = await t.call('GET', '/documents?document_type=RC', { key: org.key });
    expect(list.body.data[0]).toMatchObject({ document_type: 'RC', consecutive_number: '00100001050000000001', total: 56500 });
  });

  it('numbers rejections with type 07 and refuses a second message for the same clave', async () => {
    const clave = '50618112600310198765400100001010000000124100000002';
    const first = await t.call('POST', '/receptor-messages', { key: org.key, body: message((b) => { b.clave = clave; b.mensaje = '3'; delete b.message; b.detalle_mensaje = 'Mercadería dañada'; delete b.message_detail; }) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.consecutive_number).toBe('00100001070000000001');
    const again = await t.call('POST', '/receptor-messages', { key: org.key, body: message((b) => { b.clave = clave; }) });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('duplicate_clave');
  });

  it('answers validation problems, a foreign receiver and a missing ability', async () => {
    const bad = await t.call('POST', '/receptor-messages', { key: org.key, body: message((b) => { b.message = 2; delete b.message_detail; b.total = -1; }) });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.errors).sort()).toEqual(['message_detail', 'total']);
    const other = await t.call('POST', '/receptor-messages', { key: org.key, body: message((b) => { b.receiver_id = '3101999999'; }) });
    expect(other.body.error.code).toBe('receiver_mismatch');
    const reader = seedOrganization(t, { identificationNumber: '3101555555' }, { abilities: ['invoices:read'] });
    expect((await t.call('POST', '/receptor-messages', { key: reader.key, body: message() })).body.error.code).toBe('forbidden');
  });

  it('has no response XML until the tax authority answers', async () => {
    const res = await t.call('GET', '/documents/00100001050000000001/response-xml', { key: org.key });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('response_not_available');
  });
});
