/** GET /hacienda/resolution and POST /hacienda/validate. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCertificate, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

let t: TestServer;
let org: SeededOrganization;

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  await giveCertificate(t, org);
});
afterAll(async () => t.close());

describe('GET /hacienda/resolution', () => {
  it('reports the stored status of a document by clave, consecutive or id', async () => {
    const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
    const issued = (await t.call('POST', '/electronic-documents', { key: org.key, body })).body.data;
    for (const key of [issued.document_key, issued.consecutive_number, String(issued.id)]) {
      const res = await t.call('GET', `/hacienda/resolution?clave=${key}`, { key: org.key });
      expect(res.body.data).toEqual({ clave: issued.document_key, status: 'processing', hacienda_status: null, hacienda_message: null, hacienda_response_at: null });
    }
    expect((await t.call('GET', '/hacienda/resolution?clave=123', { key: org.key })).body.error.code).toBe('document_not_found');
    expect((await t.call('GET', '/hacienda/resolution', { key: org.key })).body.error.code).toBe('missing_param');
  });
});

describe('POST /hacienda/validate', () => {
  const draft = () => {
    const invoice = exampleRequest('01-factura');
    return { document_type: '01', issuer: { name: invoice.issuer.name, identification_type: '02', identification_number: '3101123456', email: invoice.issuer.email, address: invoice.issuer.address }, receiver: invoice.receiver, items: invoice.items };
  };

  it('accepts a good draft and warns about totals that do not match the lines', async () => {
    const ok = await t.call('POST', '/hacienda/validate', { key: org.key, body: draft() });
    expect(ok.body.data.valid).toBe(true);
    expect(ok.body.data.warnings).toBeUndefined();
    // The engine's own amounts (beyond the spec, docs/draft-totals.md): what the screens show as live totals.
    expect(ok.body.data.totals).toMatchObject({ total: 63728.2575, total_taxes: 5977.5075 });
    expect(ok.body.data.lines).toHaveLength(draft().items.length);
    const { lines, totals } = ok.body.data as { lines: { total: number; subtotal: number; tax: number }[]; totals: Record<string, number> };
    const units = (n: number) => Math.round(n * 100_000); // integers of the 5th decimal: sums without float drift
    expect(lines.reduce((sum, l) => sum + units(l.total), 0)).toBe(units(totals['total']!));
    for (const l of lines) expect(units(l.subtotal) + units(l.tax)).toBe(units(l.total));
    const off = await t.call('POST', '/hacienda/validate', { key: org.key, body: { ...draft(), totals: { total: 999, total_taxes: 5977.5075 } } });
    expect(off.body.data.valid).toBe(true);
    expect(off.body.data.warnings).toEqual(['totals.total: the draft says 999, the lines give 63728.25750']);
  });

  it('lists every problem of a bad draft, and needs hacienda:validate', async () => {
    const bad = draft();
    bad.items[0].cabys_code = '1';
    delete (bad.receiver as Record<string, unknown>).name;
    const res = await t.call('POST', '/hacienda/validate', { key: org.key, body: bad });
    expect(res.status).toBe(200);
    expect(res.body.data.valid).toBe(false);
    expect(res.body.data.errors).toEqual(expect.arrayContaining([expect.stringMatching(/^items\.0\.cabys_code: /), expect.stringMatching(/^receiver\.name: /)]));
    const reader = seedOrganization(t, { identificationNumber: '3101666666' }, { abilities: ['invoices:read'] });
    expect((await t.call('POST', '/hacienda/validate', { key: reader.key, body: draft() })).body.error.code).toBe('forbidden');
  });
});
