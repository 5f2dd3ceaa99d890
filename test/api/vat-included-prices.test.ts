/**
 * Prices with VAT included over HTTP (beyond the spec, docs/document-request.md): a POS says its prices are
 * shelf prices, and the signed ticket's TotalComprobante is the shelf total, accepted by the tax-authority
 * simulator; the live draft total agrees; the shop's setting is stored, returned and changed on the profile;
 * the OpenAPI shows the members.
 */
import { describe, expect, it } from 'vitest';
import { useDelivering } from './use-delivering.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';

const session = useDelivering();

const LUNCH = { cabys_code: '6331000000000', quantity: 1, unit: 'Os', description: 'Almuerzo ejecutivo', price: '1000', tax: { type: '01', rate_type: '08' } };
/** Shelf prices: 1 × 1,000 + 3 × 333.33 + 0.5 × 2,750.50 − 100 (13 %), and 2 × 1,500 at 4 % = 6,275.24. */
const SHELF_TOTAL = '6275.24';
const ITEMS = [
  LUNCH,
  { ...LUNCH, quantity: 3, price: '333.33', description: 'Empanada' },
  { ...LUNCH, quantity: 0.5, price: '2750.50', description: 'Queso tierno', discount: { amount: '100', reason: 'Cliente frecuente' } },
  { ...LUNCH, quantity: 2, price: '1500', description: 'Almuerzo para llevar', tax: { type: '01', rate_type: '04' } },
];

function ticket(): Body {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  body.commercial_info.prices_include_vat = true;
  body.items = ITEMS;
  return body;
}

const xmlValue = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, 'g'))].map((m) => m[1]);

describe('a ticket with VAT-inclusive prices', () => {
  it('is signed with net prices whose TotalComprobante is the shelf total, and accepted', async () => {
    const { t, org } = session;
    const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket() });
    expect(issued.status, issued.text).toBe(201);
    const clave = issued.body.data.document_key as string;
    const xml = (await t.call('GET', `/documents/${clave}/xml`, { key: org.key })).text;
    expect(xmlValue(xml, 'TotalComprobante').map(Number)).toEqual([Number(SHELF_TOTAL)]);
    expect(xmlValue(xml, 'PrecioUnitario')[0]).toMatch(/^884\.9557[5]0*$/); // 1,000 / 1.13, to 5 decimals
    expect(xmlValue(xml, 'MontoTotalLinea').map((v) => Number(v).toFixed(2))).toEqual(['1000.00', '999.99', '1275.25', '3000.00']);
    await expect.poll(async () => (await t.call('GET', `/electronic-documents/${clave}`, { key: org.key })).body.data.status, { timeout: 20_000 }).toBe('accepted');
  });

  it('the draft check answers the same total before issuing', async () => {
    const { t, org } = session;
    const body = ticket();
    const draft = await t.call('POST', '/hacienda/validate', { key: org.key, body: { document_type: '04', issuer: body.issuer, items: body.items, commercial_info: body.commercial_info, activity_code: '620100' } });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.data).toMatchObject({ valid: true, totals: { total: Number(SHELF_TOTAL) } });
  });

  it('a flag that is not a boolean, or on a line it cannot apply to, is a 422 naming the field', async () => {
    const { t, org } = session;
    const body = ticket();
    body.commercial_info.prices_include_vat = 'sí';
    body.items = [{ ...LUNCH, price_includes_vat: true, tax: [{ type: '01', rate_type: '08' }, { type: '02', rate: 10 }] }];
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors)).toEqual(expect.arrayContaining(['commercial_info.prices_include_vat', 'items.0.price_includes_vat']));
  });
});

describe("the shop's setting", () => {
  it('is on by default, changed with PUT /organizations/me and kept', async () => {
    const { t, org } = session;
    expect((await t.call('GET', '/organizations/me', { key: org.key })).body.data.prices_include_vat).toBe(true);
    const off = await t.call('PUT', '/organizations/me', { key: org.key, body: { prices_include_vat: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.prices_include_vat).toBe(false);
    expect((await t.call('GET', '/company', { key: org.key })).body.data.prices_include_vat).toBe(false);
    const wrong = await t.call('PUT', '/organizations/me', { key: org.key, body: { prices_include_vat: 'yes' } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.error.errors)).toEqual(['prices_include_vat']);
    await t.call('PUT', '/organizations/me', { key: org.key, body: { prices_include_vat: true } });
  });
});

it('the OpenAPI shows the members beyond the spec', async () => {
  const { t } = session;
  const spec = (await t.call('GET', '/openapi.json')).body;
  const issue = spec.paths['/api/v1/electronic-documents'].post.requestBody.content['application/json'].schema;
  expect(issue.properties.commercial_info.properties.prices_include_vat.type).toBe('boolean');
  expect(issue.properties.items.items.properties.price_includes_vat.type).toBe('boolean');
  const profile = spec.paths['/api/v1/organizations/me'].put.requestBody.content['application/json'].schema;
  expect(profile.properties.prices_include_vat.type).toBe('boolean');
});
