/** Saved products: CRUD, search (accents, code, barcode, CABYS), pagination, validation, isolation, CSV import, price_includes_vat, OpenAPI. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationSeeder, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

const seed = organizationSeeder(() => t, 3101900000);

const COFFEE = '2391102010200'; // Café tostado, molido (goods)
const MILK = '2211001010000'; // Leche líquida (goods)
const CONSULTING = '8311200000000'; // consultoría (service)

const product = (overrides: Record<string, unknown> = {}) => ({
  code: 'CAF-500',
  barcode: '7441001234567',
  description: 'Café molido 500 g',
  cabys_code: COFFEE,
  unit: 'Unid',
  price: '3250.50',
  tax_rate_code: '02',
  ...overrides,
});

async function create(key: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/products', { key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const csv = (text: string) => ({ rawBody: text, headers: { 'content-type': 'text/csv' } });

describe('products CRUD', () => {
  it('creates, reads, replaces and deletes a product', async () => {
    const { key } = seed();
    const created = await create(key, product());
    expect(created).toMatchObject({
      code: 'CAF-500', barcode: '7441001234567', description: 'Café molido 500 g', cabys_code: COFFEE, unit: 'Unid',
      price: '3250.5', currency: 'CRC', tax_code: '01', tax_rate_code: '02', tax_rate: '1', is_active: true,
    });
    expect((await t.call('GET', `/products/${created.id}`, { key })).body.data).toEqual(created);

    const put = await t.call('PUT', `/products/${created.id}`, { key, body: product({ price: 3300, barcode: null, currency: 'usd', is_active: false }) });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ price: '3300', barcode: null, currency: 'USD', is_active: false });
    expect((await t.call('GET', '/products?active=true', { key })).body.data).toEqual([]);
    expect((await t.call('GET', '/products?active=false', { key })).body.pagination.total).toBe(1);

    expect((await t.call('DELETE', `/products/${created.id}`, { key })).status).toBe(200);
    const gone = await t.call('GET', `/products/${created.id}`, { key });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('product_not_found');
    expect((await t.call('DELETE', `/products/${created.id}`, { key })).status).toBe(404);
    expect((await t.call('GET', '/products/abc', { key })).status).toBe(404);
  });

  it('answers 409 product_code_taken for a code already used, on create and on replace', async () => {
    const { key } = seed();
    await create(key, product());
    const other = await create(key, product({ code: 'LEC-1', cabys_code: MILK, barcode: null }));
    const dup = await t.call('POST', '/products', { key, body: product() });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('product_code_taken');
    const put = await t.call('PUT', `/products/${other.id}`, { key, body: product({ cabys_code: MILK }) });
    expect(put.status).toBe(409);
    expect(put.body.error.code).toBe('product_code_taken');
  });

  it("answers another organization's product as not found", async () => {
    const a = seed();
    const b = seed();
    const mine = await create(a.key, product());
    expect((await t.call('GET', `/products/${mine.id}`, { key: b.key })).status).toBe(404);
    expect((await t.call('PUT', `/products/${mine.id}`, { key: b.key, body: product() })).status).toBe(404);
    expect((await t.call('DELETE', `/products/${mine.id}`, { key: b.key })).status).toBe(404);
    expect((await t.call('GET', '/products', { key: b.key })).body.data).toEqual([]);
    // The same code in another organization is no conflict.
    await create(b.key, product());
  });

  it('needs products:read to read and products:write to change', async () => {
    const { key } = seed({ abilities: ['products:read'] });
    expect((await t.call('GET', '/products', { key })).status).toBe(200);
    const res = await t.call('POST', '/products', { key, body: product() });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });
});

describe('products search', () => {
  let key: string;
  beforeAll(async () => {
    key = seed().key;
    await create(key, product());
    await create(key, product({ code: 'LEC-1', barcode: '7441009999999', description: 'Leche descremada 1 L', cabys_code: MILK }));
    await create(key, product({ code: 'ASE-01', barcode: null, description: 'Asesoría estratégica', cabys_code: CONSULTING, unit: 'Sp', tax_rate_code: '08' }));
  });

  const search = async (query: string) => (await t.call('GET', `/products?${query}`, { key })).body.data.map((p: { code: string }) => p.code);

  it('finds by description ignoring accents and case, by code and by part of a barcode', async () => {
    expect(await search('q=cafe')).toEqual(['CAF-500']);
    expect(await search(`q=${encodeURIComponent('CAFÉ')}`)).toEqual(['CAF-500']);
    expect(await search(`q=${encodeURIComponent('asesoria')}`)).toEqual(['ASE-01']);
    expect(await search('q=lec-1')).toEqual(['LEC-1']);
    expect(await search('q=99999')).toEqual(['LEC-1']);
    expect(await search('q=%25')).toEqual([]); // a literal %, not a wildcard
  });

  it('finds by part of the CABYS code', async () => {
    expect(await search('q=2211001')).toEqual(['LEC-1']);
    expect(await search(`q=${CONSULTING}`)).toEqual(['ASE-01']);
  });

  it('looks up an exact barcode, as a scanner types it', async () => {
    expect(await search('barcode=7441001234567')).toEqual(['CAF-500']);
    expect(await search('barcode=744100123456')).toEqual([]);
  });

  it('paginates like the other lists, ordered by description', async () => {
    const first = await t.call('GET', '/products?per_page=2', { key });
    expect(first.body.data.map((p: { code: string }) => p.code)).toEqual(['ASE-01', 'CAF-500']);
    expect(first.body.pagination).toEqual({ current_page: 1, per_page: 2, last_page: 2, total: 3 });
    const second = await t.call('GET', '/products?per_page=2&page=2', { key });
    expect(second.body.data.map((p: { code: string }) => p.code)).toEqual(['LEC-1']);
    expect((await t.call('GET', '/products?per_page=101', { key })).status).toBe(400);
  });
});

describe('products validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['CABYS not in the catalog', { cabys_code: '9999999999999' }, 'cabys_code'],
    ['CABYS not 13 digits', { cabys_code: '12345' }, 'cabys_code'],
    ['unknown unit', { unit: 'caja' }, 'unit'],
    ['service unit with a goods CABYS', { unit: 'Sp' }, 'unit'],
    ['price not a number', { price: 'abc' }, 'price'],
    ['price with a decimal comma', { price: '12,50' }, 'price'],
    ['negative price', { price: '-1' }, 'price'],
    ['too many decimals', { price: '1.123456' }, 'price'],
    ['unknown currency', { currency: 'XYZ' }, 'currency'],
    ['unknown tax code', { tax_code: '42' }, 'tax_code'],
    ['unknown VAT rate code', { tax_rate_code: '15' }, 'tax_rate_code'],
    ['VAT without a rate code', { tax_rate_code: null }, 'tax_rate_code'],
    ['rate code on a non-VAT tax', { tax_code: '02' }, 'tax_rate_code'],
    ['missing description', { description: undefined }, 'description'],
  ];

  it.each(cases)('rejects %s with validation_error on the field', async (_name, overrides, field) => {
    const { key } = seed();
    const res = await t.call('POST', '/products', { key, body: product(overrides) });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors)).toContain(field);
  });

  it('accepts five decimals and zero', async () => {
    const { key } = seed();
    expect((await create(key, product({ price: '0.12345' }))).price).toBe('0.12345');
    expect((await create(key, product({ code: 'FREE', price: 0 }))).price).toBe('0');
  });
});

describe('products CSV import', () => {
  it('imports good rows, updates known codes and reports bad rows without failing the file', async () => {
    const { key } = seed();
    await create(key, product({ code: 'CAF-500', price: '1' }));
    const body = [
      'code,barcode,description,cabys_code,unit,price,tax_rate_code',
      `CAF-500,7441001234567,"Café molido 500 g, tostado oscuro",${COFFEE},Unid,3500,02`,
      `LEC-1,,Leche descremada 1 L,${MILK},Unid,950.25,02`,
      `BAD-1,,Sin CABYS,9999999999999,Unid,100,02`,
      `BAD-2,,Precio malo,${MILK},caja,-5,02`,
      `LEC-1,,Leche repetida,${MILK},Unid,1,02`,
      '',
    ].join('\r\n');
    const res = await t.call('POST', '/products/import', { key, ...csv(body) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 1, updated: 1, skipped: 3 });
    expect(res.body.data.problems).toEqual(expect.arrayContaining([
      expect.objectContaining({ row: 4, field: 'cabys_code' }),
      expect.objectContaining({ row: 5, field: 'unit' }),
      expect.objectContaining({ row: 5, field: 'price' }),
      expect.objectContaining({ row: 6, field: 'code' }),
    ]));
    const list = (await t.call('GET', '/products', { key })).body.data;
    expect(list.map((p: { code: string; price: string }) => [p.code, p.price])).toEqual([['CAF-500', '3500'], ['LEC-1', '950.25']]);
    expect(list[0].description).toBe('Café molido 500 g, tostado oscuro');
  });

  it('reads semicolon-separated files (Excel in Spanish)', async () => {
    const { key } = seed();
    const res = await t.call('POST', '/products/import', { key, ...csv(`\uFEFFcode;description;cabys_code;unit;price;tax_rate_code\nA1;Asesoría;${CONSULTING};Sp;25000;08\n`) });
    expect(res.body.data).toMatchObject({ imported: 1, updated: 0, skipped: 0, problems: [] });
  });

  it('rejects a header with missing or unknown columns as a whole', async () => {
    const { key } = seed();
    const res = await t.call('POST', '/products/import', { key, ...csv('code,descripcion,price\nA,B,1\n') });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.errors.header.join(' ')).toMatch(/descripcion/);
    expect((await t.call('GET', '/products', { key })).body.data).toEqual([]);
  });

  it('wants the CSV itself as text/csv', async () => {
    const { key } = seed();
    const res = await t.call('POST', '/products/import', { key, body: { rows: [] } });
    expect(res.status).toBe(422);
  });
});

describe('products price_includes_vat (beyond the spec)', () => {
  it('is false unless sent, so an existing client keeps its before-tax price; true is kept, PUT replaces it', async () => {
    const { key } = seed();
    const plain = await create(key, product());
    expect(plain.price_includes_vat).toBe(false);
    const shelf = await create(key, product({ code: 'EMP-1', barcode: null, description: 'Empanada de queso', price: '1000', tax_rate_code: '08', price_includes_vat: true }));
    expect(shelf).toMatchObject({ price: '1000', tax_rate: '13', price_includes_vat: true });
    expect((await t.call('GET', `/products/${shelf.id}`, { key })).body.data.price_includes_vat).toBe(true);
    const listed = (await t.call('GET', '/products?q=empanada', { key })).body.data;
    expect(listed).toEqual([expect.objectContaining({ code: 'EMP-1', price_includes_vat: true })]);

    // PUT replaces the whole product: the flag not sent is false again, as every optional member takes its default.
    const put = await t.call('PUT', `/products/${shelf.id}`, { key, body: product({ code: 'EMP-1', barcode: null, price: '885' }) });
    expect(put.body.data).toMatchObject({ price: '885', price_includes_vat: false });
    const back = await t.call('PUT', `/products/${shelf.id}`, { key, body: product({ code: 'EMP-1', barcode: null, price: '1000', price_includes_vat: true }) });
    expect(back.body.data).toMatchObject({ price: '1000', price_includes_vat: true });
  });

  it('refuses it on a tax other than the plain VAT (01), and a value that is not a boolean', async () => {
    const { key } = seed();
    // A document line takes a VAT-inclusive price only with the plain VAT: a saved product stays usable on one.
    for (const tax of [{ tax_code: '02', tax_rate_code: null }, { tax_code: '07', tax_rate_code: '08' }]) {
      const refused = await t.call('POST', '/products', { key, body: product({ ...tax, price_includes_vat: true }) });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(Object.keys(refused.body.error.errors)).toEqual(['price_includes_vat']);
    }
    expect((await create(key, product({ tax_code: '07', tax_rate_code: '08', price_includes_vat: false }))).price_includes_vat).toBe(false);
    const text = await t.call('POST', '/products', { key, body: product({ price_includes_vat: 'sometimes' }) });
    expect(text.status).toBe(422);
    expect(text.body.error.code).toBe('validation_error');
  });

  it('imports it from an optional CSV column (sí/no/true/false/1/0, blank is false) and reports a bad value by row', async () => {
    const { key } = seed();
    const body = [
      'code,description,cabys_code,unit,price,tax_rate_code,price_includes_vat',
      `EMP-1,Empanada de queso,${COFFEE},Unid,1000,08,sí`,
      `LEC-1,Leche 1 L,${MILK},Unid,950.25,02,`,
      `CAF-1,Café,${COFFEE},Unid,1200,08,quizá`,
      `ASE-1,Asesoría,${CONSULTING},Sp,25000,08,0`,
    ].join('\n');
    const res = await t.call('POST', '/products/import', { key, ...csv(body) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 3, updated: 0, skipped: 1, problems: [expect.objectContaining({ row: 4, field: 'price_includes_vat' })] });
    const list = (await t.call('GET', '/products', { key })).body.data;
    expect(list.map((p: { code: string; price_includes_vat: boolean }) => [p.code, p.price_includes_vat])).toEqual([['ASE-1', false], ['EMP-1', true], ['LEC-1', false]]);
  });
});

describe('products messages', () => {
  it('answers in Spanish by default and in English when Accept-Language asks, the import report too', async () => {
    const { key } = seed();
    const body = product({ cabys_code: '9999999999999' });
    const es = await t.call('POST', '/products', { key, body });
    expect(es.body.error.errors.cabys_code).toEqual(['El código CABYS 9999999999999 no está en el catálogo.']);
    const en = await t.call('POST', '/products', { key, body, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body.error.errors.cabys_code).toEqual(['CABYS code 9999999999999 is not in the catalog.']);

    const file = `code,description,cabys_code,unit,price,tax_rate_code\nA,B,${COFFEE},Unid,1.123456,02\n`;
    const report = await t.call('POST', '/products/import', { key, ...csv(file) });
    expect(report.body.data.problems).toEqual([{ row: 2, field: 'price', reason: 'Como máximo 5 decimales.' }]);
    const header = await t.call('POST', '/products/import', { key, rawBody: 'code,precio\n', headers: { 'content-type': 'text/csv', 'accept-language': 'en' } });
    expect(header.body.error.errors.header).toEqual(['Unknown columns: precio (known: code, barcode, description, cabys_code, unit, price, currency, tax_code, tax_rate_code, is_active, price_includes_vat).', 'Missing columns: description, cabys_code, unit, price.']);
    const taken = await t.call('POST', '/products', { key, body: product() });
    expect(taken.status).toBe(201);
    const again = await t.call('POST', '/products', { key, body: product() });
    expect(again.body.error).toMatchObject({ code: 'product_code_taken', message: 'Otro producto de esta organización ya tiene el código CAF-500.' });
  });
});

describe('products OpenAPI', () => {
  it('describes every products route', async () => {
    const spec = (await t.call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(spec.paths['/api/v1/products'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(spec.paths['/api/v1/products/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(Object.keys(spec.paths['/api/v1/products/import'] ?? {})).toContain('post');
    // The field beyond the spec is described on what is sent and on what comes back.
    const products = JSON.stringify(spec.paths['/api/v1/products']?.['post']);
    expect(products.match(/price_includes_vat/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
