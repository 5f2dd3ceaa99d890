/**
 * GET /products/scan/{code} (docs/tills.md): the shop's scale labels read with its till settings' formats
 * and found among its products — a weight label rings up its kilograms at the product's price, a price
 * label the quantity its amount buys, at a unit price whose line total is the label's amount (the live
 * draft total says so); a misread check digit, an empty label, an unknown item; an ordinary EAN by barcode.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { organizationSeeder, startTestServer, type TestServer } from './harness.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { eanCheckDigit } from '../../src/domain/scale-label.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

const seed = organizationSeeder(() => t, 3101910000);
const CHEESE = '2391102010200'; // a CABYS code of goods (café tostado) the test catalog has
const ES = { 'accept-language': 'es-CR' };

/** The 13 digits of `first12` and its check digit. */
const ean = (first12: string) => `${first12}${eanCheckDigit(first12)}`;

const FORMATS = [
  { prefix: '21', item_digits: 5, value: 'weight', decimals: 3 },
  { prefix: '22', item_digits: 5, value: 'price', decimals: 0 },
];

async function shop() {
  const { key } = seed();
  const put = await t.call('PUT', '/settings/till', { key, body: { scale_formats: FORMATS } });
  expect(put.status, put.text).toBe(200);
  const product = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/products', { key, body: { cabys_code: CHEESE, unit: 'Kg', tax_rate_code: '08', ...body } });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  };
  return { key, product };
}

/** The engine's total of a one-line ticket (POST /hacienda/validate): what the signed document would carry. */
async function ticketTotal(key: string, line: { quantity: string; price: string; price_includes_vat: boolean }) {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  const items = [{ cabys_code: CHEESE, quantity: line.quantity, unit: 'Kg', description: 'Por peso', price: line.price, price_includes_vat: line.price_includes_vat, tax: { type: '01', rate_type: '08' } }];
  const draft = await t.call('POST', '/hacienda/validate', { key, body: { document_type: '04', issuer: body.issuer, items, commercial_info: body.commercial_info, activity_code: '620100' } });
  expect(draft.status, draft.text).toBe(200);
  expect(draft.body.data.valid, draft.text).toBe(true);
  return Number(draft.body.data.totals.total).toFixed(2);
}

describe('a weight label', () => {
  it('2100427007342 is 0.734 kg of product 00427 at its price: the amount and the ticket total agree', async () => {
    const { key, product } = await shop();
    await product({ code: '00427', description: 'Queso Turrialba', price: '4500', price_includes_vat: true });
    const res = await t.call('GET', '/products/scan/2100427007342', { key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'weight', quantity: '0.734', amount: '3303.00', unit_price: '4500', price_includes_vat: true, product: { code: '00427', description: 'Queso Turrialba' } });
    expect(await ticketTotal(key, { quantity: '0.734', price: '4500', price_includes_vat: true })).toBe('3303.00');
  });

  it("of a product priced before tax: the amount adds the VAT, and the line keeps the product's own price", async () => {
    const { key, product } = await shop();
    await product({ code: '00427', description: 'Jamón', price: '5000', price_includes_vat: false });
    const res = await t.call('GET', '/products/scan/2100427007342', { key });
    // 0.734 × 5000 × 1.13 = 4147.10
    expect(res.body.data).toMatchObject({ kind: 'weight', quantity: '0.734', amount: '4147.10', unit_price: '5000', price_includes_vat: false });
    expect(await ticketTotal(key, { quantity: '0.734', price: '5000', price_includes_vat: false })).toBe('4147.10');
  });

  it('finds the item by its number without the zeros the label pads it with (product 427)', async () => {
    const { key, product } = await shop();
    await product({ code: '427', description: 'Queso tierno', price: '3000', price_includes_vat: true });
    const res = await t.call('GET', `/products/scan/${ean('210042701500')}`, { key });
    expect(res.body.data).toMatchObject({ kind: 'weight', quantity: '1.5', amount: '4500.00', product: { code: '427' } });
  });
});

describe('a price label', () => {
  it('rings up amount ÷ shelf price (3 decimals) at a unit price that keeps the total at the label amount', async () => {
    const { key, product } = await shop();
    // ₡2,000 before tax is ₡2,260 on the shelf; a ₡1,500 label buys 0.664 kg (1500 / 2260 = 0.66372).
    await product({ code: '00815', description: 'Mortadela', price: '2000', price_includes_vat: false });
    const res = await t.call('GET', `/products/scan/${ean('220081501500')}`, { key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'price', quantity: '0.664', amount: '1500', price_includes_vat: true, product: { code: '00815' } });
    expect(res.body.data.unit_price).toBe('2259.03614'); // 1500 / 0.664 to 5 decimals
    expect(await ticketTotal(key, { quantity: '0.664', price: res.body.data.unit_price, price_includes_vat: true })).toBe('1500.00');
  });

  it('of a product without a price in colones is one unit at the amount', async () => {
    const { key, product } = await shop();
    await product({ code: '00900', description: 'Importado', price: '10', currency: 'USD', price_includes_vat: true });
    const res = await t.call('GET', `/products/scan/${ean('220090000750')}`, { key });
    expect(res.body.data).toMatchObject({ kind: 'price', quantity: '1', amount: '750', unit_price: '750', price_includes_vat: true });
  });
});

describe('what is not a sale', () => {
  it('a wrong check digit is 422 bad_check_digit (scan again), in Spanish when asked', async () => {
    const { key } = await shop();
    const res = await t.call('GET', '/products/scan/2100427007343', { key, headers: ES });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'bad_check_digit', message: 'El dígito verificador de 2100427007343 no es correcto: escanéelo de nuevo.' });
  });

  it('an unknown item, an inactive product, another shop\'s product are 404 product_not_found', async () => {
    const { key, product } = await shop();
    const unknown = await t.call('GET', '/products/scan/2100427007342', { key, headers: ES });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'product_not_found', message: 'Ningún producto tiene el código 00427 de la etiqueta de balanza 2100427007342.' });
    await product({ code: '00427', description: 'Descontinuado', price: '100', is_active: false });
    expect((await t.call('GET', '/products/scan/2100427007342', { key })).status).toBe(404);
    const other = await shop();
    await other.product({ code: '00427', description: 'De otra tienda', price: '100' });
    expect((await t.call('GET', '/products/scan/2100427007342', { key })).status).toBe(404);
  });

  it('a label of zero is 422 label_empty', async () => {
    const { key, product } = await shop();
    await product({ code: '00427', description: 'Queso', price: '4500' });
    const res = await t.call('GET', `/products/scan/${ean('210042700000')}`, { key });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('label_empty');
  });

  it('a label whose prefix has no format is an ordinary EAN: found by barcode, else 404', async () => {
    const { key, product } = await shop();
    await product({ code: '00427', description: 'Queso', price: '4500' });
    const label23 = ean('230042700734');
    expect((await t.call('GET', `/products/scan/${label23}`, { key })).status).toBe(404);
    await product({ code: 'PESADO', barcode: label23, description: 'Queso empacado', price: '2500', unit: 'Unid' });
    expect((await t.call('GET', `/products/scan/${label23}`, { key })).body.data).toMatchObject({ kind: 'ean', product: { code: 'PESADO' } });
  });
});

describe('an ordinary barcode', () => {
  it('a plain EAN-13 finds its product by barcode, with no quantity; a shorter code by barcode or code', async () => {
    const { key, product } = await shop();
    const barcode = ean('744100123456');
    await product({ code: 'CAF-500', barcode, description: 'Café molido 500 g', unit: 'Unid', price: '3250.50' });
    const res = await t.call('GET', `/products/scan/${barcode}`, { key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ kind: 'ean', product: expect.objectContaining({ code: 'CAF-500', barcode }) });
    expect((await t.call('GET', '/products/scan/CAF-500', { key })).body.data).toMatchObject({ kind: 'code', product: { code: 'CAF-500' } });
    expect((await t.call('GET', '/products/scan/12345678', { key })).status).toBe(404);
  });

  it('needs products:read', async () => {
    const { key } = seed({ abilities: ['documents:write'] });
    expect((await t.call('GET', '/products/scan/2100427007342', { key })).status).toBe(403);
  });
});
