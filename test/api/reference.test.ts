/**
 * Catalogs section (/reference/...): CABYS, code tables, locations, tariff codes; shapes, errors, ability
 * enforcement, and that odd input never ends in a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, seedOrganization, type TestServer } from './harness.ts';
import { IVA_RATES, paymentMethods, referenceCodes } from '../../src/domain/codes.ts';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await startTestServer();
  key = seedOrganization(t).key;
});
afterAll(async () => t.close());

const get = (path: string, k = key) => t.call('GET', path, { key: k });
const post = (path: string, body: unknown) => t.call('POST', path, { key, body });

describe('CABYS', () => {
  it('searches words ignoring accents and case, best first, with rank and pagination', async () => {
    const res = await get('/reference/cabys?q=CAFÉ%20tostado&per_page=3');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ current_page: 1, per_page: 3, last_page: expect.any(Number), total: expect.any(Number) });
    expect(res.body.pagination.total).toBeGreaterThan(3);
    const first = res.body.data[0];
    expect(first).toEqual({
      id: Number(first.code),
      code: expect.stringMatching(/^23911/),
      category_1: '2',
      description_1: 'Productos alimenticios, bebidas y tabaco; textiles, prendas de vestir y productos de cuero',
      category_2: '23',
      description_2: null,
      category_3: '239',
      description_3: null,
      description_9: expect.stringMatching(/^Café tostado/),
      tax_rate: expect.any(Number),
      rank: expect.any(Number),
    });
    const ranks = res.body.data.map((d: { rank: number }) => d.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    const plain = await get('/reference/cabys?q=cafe%20TOSTADO&per_page=3');
    expect(plain.body.data).toEqual(res.body.data);
    const second = await get('/reference/cabys?q=cafe%20tostado&per_page=3&page=2');
    expect(second.body.pagination.current_page).toBe(2);
    expect(second.body.data[0].code).not.toBe(first.code);
    expect((await get('/reference/cabys?q=cafe&limit=2')).body.data).toHaveLength(2);
  });

  it('finds the singular of a plural and whole words before longer ones', async () => {
    const res = await get('/reference/cabys?q=tomates&per_page=50');
    const descriptions = res.body.data.map((d: { description_9: string }) => d.description_9);
    expect(descriptions).toContain('Pasta de tomate');
    expect((await get('/reference/cabys?q=arroz&per_page=5')).body.data.every((d: { description_9: string }) => /\barroz\b/i.test(d.description_9))).toBe(true);
  });

  it('reads digits as the start of a code', async () => {
    const res = await get('/reference/cabys?q=2391-1020&per_page=100');
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((d: { code: string }) => d.code.startsWith('23911020'))).toBe(true);
    expect(res.body.data[0].rank).toBeCloseTo(8 / 13, 3);
    const exact = await get('/reference/cabys?q=0111100000100');
    expect(exact.body.data.map((d: { code: string }) => d.code)).toEqual(['0111100000100']);
    expect(exact.body.data[0].rank).toBe(1);
  });

  it('answers 400 missing_param without q, an empty page for nothing found, 400 invalid_request for bad paging', async () => {
    for (const path of ['/reference/cabys', '/reference/cabys?q=%20%20']) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('missing_param');
    }
    const none = await get('/reference/cabys?q=xyzzyqwerty');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ data: [], pagination: { total: 0, last_page: 1 } });
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=abc', `q=${'x'.repeat(201)}`]) {
      const res = await get(`/reference/cabys?q=cafe&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('lists the first-level categories', async () => {
    const res = await get('/reference/cabys/categories');
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[5]).toEqual({ level: 1, code: '5', description: 'Construcciones y servicios de construcción', label: 'Construcciones y servicios de construcción', parent_code: null, children: expect.any(Number), codes: expect.any(Number), tax_rate: null });
    expect(res.body.data.reduce((n: number, c: { codes: number }) => n + c.codes, 0)).toBe(20501);
  });

  it('browses by level and parent down to the codes', async () => {
    const top = await get('/reference/cabys/browse');
    expect(top.body.data.map((c: { code: string }) => c.code)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const level2 = await get('/reference/cabys/browse?parent=0');
    expect(level2.body.data.every((c: { level: number; code: string; parent_code: string }) => c.level === 2 && c.code.startsWith('0') && c.parent_code === '0')).toBe(true);
    const deep = await get('/reference/cabys/browse?category=0111&level=6');
    expect(deep.body.data.every((c: { level: number; code: string }) => c.level === 6 && c.code.length === 7 && c.code.startsWith('0111'))).toBe(true);
    const codes = await get('/reference/cabys/browse?parent=01111000001');
    expect(codes.body.data).toEqual([{ level: 9, code: '0111100000100', description: 'Trigo duro, para siembra (semillas)', label: 'Trigo duro, para siembra (semillas)', parent_code: '01111000001', children: 0, codes: 1, tax_rate: 1 }]);
    const allCodes = await get('/reference/cabys/browse?level=9&per_page=1');
    expect(allCodes.body.pagination.total).toBe(20501);
    expect((await get('/reference/cabys/browse?parent=999')).body.error.code).toBe('cabys_not_found');
    expect((await get('/reference/cabys/browse?parent=0111100000100')).status).toBe(404);
    const upward = await get('/reference/cabys/browse?parent=011&level=2');
    expect(upward.status).toBe(400);
    expect((await get('/reference/cabys/browse?level=10')).status).toBe(400);
  });

  it('gives one code with its nine levels, and 404 cabys_not_found otherwise', async () => {
    const res = await get('/reference/cabys/2391102010200');
    expect(res.body.data).toMatchObject({
      id: 2391102010200, code: '2391102010200', category_1: '2', category_5: '23911', category_6: '2391102', category_8: '23911020102', category_9: '2391102010200',
      description_9: 'Café tostado, sin descafeinar, molido', description_4: null, tax_rate: expect.any(Number), includes_note: null, excludes_note: null,
    });
    for (const code of ['2391102010201', '123', 'abc', '%20']) {
      const missing = await get(`/reference/cabys/${code}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('cabys_not_found');
    }
  });

  it('looks up to 50 codes at once, naming the unknown ones; more is 400 too_many_codes', async () => {
    const res = await post('/reference/cabys/batch', { codes: ['2391102010200', 'nope', '0111100000100', '2391102010200'] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { code: string }) => d.code)).toEqual(['2391102010200', '0111100000100']);
    expect(res.body.data[0].category_9).toBe('2391102010200');
    expect(res.body.not_found).toEqual(['nope']);
    const tooMany = await post('/reference/cabys/batch', { codes: Array.from({ length: 51 }, (_, i) => String(i)) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('too_many_codes');
    expect((await post('/reference/cabys/batch', { codes: Array.from({ length: 50 }, () => '0111100000100') })).status).toBe(200);
    for (const body of [{}, { codes: 'x' }, { codes: [] }, { codes: [1] }]) expect((await post('/reference/cabys/batch', body)).status).toBe(422);
  });
});

describe('code tables', () => {
  it('lists tax rates with the percentage the engine charges', async () => {
    const res = await get('/reference/tax-rates');
    expect(res.body.data).toHaveLength(Object.keys(IVA_RATES).length);
    expect(res.body.data.find((r: { code: string }) => r.code === '08')).toEqual({ code: '08', name: 'general 13%', description: 'Tarifa general 13%', rate: 13 });
    expect(res.body.data.find((r: { code: string }) => r.code === '09').rate).toBe(0.5);
  });

  it('lists the other tables from the engine\'s generated code tables', async () => {
    const payment = (await get('/reference/payment-methods')).body.data;
    expect(payment.map((e: { code: string }) => e.code)).toEqual(Object.keys(paymentMethods.codes).sort());
    expect(payment[0]).toEqual({ code: '01', name: 'cash', description: 'Efectivo', note: null });
    const reasons = (await get('/reference/reference-codes')).body.data;
    expect(reasons.map((e: { code: string }) => e.code)).toEqual(Object.keys(referenceCodes.codes).sort());
    expect(reasons.find((e: { code: string }) => e.code === '17').note).toMatch(/2026 revision.*payment receipt/);
    const types = (await get('/reference/document-types')).body.data;
    expect(types.find((e: { code: string }) => e.code === '04')).toEqual({ code: '04', name: 'Electronic ticket', description: 'Tiquete electrónico', note: 'XML TiqueteElectronico' });
    expect((await get('/reference/sale-conditions')).body.data.find((e: { code: string }) => e.code === '02').name).toBe('credit');
    expect((await get('/reference/reference-doc-types')).body.data.find((e: { code: string }) => e.code === '19').note).toMatch(/2026/);
  });

  it('lists and filters economic activities', async () => {
    const all = (await get('/reference/economic-activities')).body.data;
    expect(all.length).toBeGreaterThan(500);
    const software = (await get('/reference/economic-activities?q=programación')).body.data;
    expect(software.length).toBeGreaterThan(0);
    expect(software.every((e: { name: string }) => /PROGRAMACION/.test(e.name))).toBe(true);
    expect((await get('/reference/economic-activities?q=0111')).body.data.every((e: { code: string }) => e.code.startsWith('0111'))).toBe(true);
  });
});

describe('locations', () => {
  it('walks provinces, cantons, districts and neighbourhoods', async () => {
    const provinces = (await get('/reference/provinces')).body.data;
    expect(provinces).toHaveLength(7);
    expect(provinces[0]).toEqual({ id: 1, code: '1', name: 'San José' });
    const cantons = (await get('/reference/cantons/1')).body.data;
    expect(cantons[1]).toEqual({ id: 102, code: '02', full_code: '102', name: 'Escazú' });
    const districts = (await get('/reference/districts/1/1')).body.data;
    expect(districts[0]).toEqual({ id: 10101, code: '01', full_code: '10101', name: 'Carmen' });
    expect((await get('/reference/districts/1/01')).body.data).toEqual(districts);
    const neighborhoods = (await get('/reference/neighborhoods/1/01/01')).body.data;
    expect(neighborhoods.map((n: { name: string }) => n.name)).toContain('Amón');
  });

  it('answers 404 with the level that does not exist', async () => {
    for (const [path, code] of [
      ['/reference/cantons/8', 'province_not_found'], ['/reference/cantons/abc', 'province_not_found'], ['/reference/districts/0/01', 'province_not_found'],
      ['/reference/districts/1/99', 'canton_not_found'], ['/reference/districts/1/x', 'canton_not_found'],
      ['/reference/neighborhoods/1/01/99', 'district_not_found'], ['/reference/neighborhoods/9/01/01', 'province_not_found'],
    ]) {
      const res = await get(path!);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code, path).toBe(code);
    }
  });

  it('searches all four levels by name, accents ignored, the named place first', async () => {
    const res = await get('/reference/address-search?q=carmen%20san%20jose&per_page=3');
    expect(res.body.data[0]).toEqual({ id: 10101, type: 'district', primary_text: 'Carmen', secondary_text: 'San José, San José', province: '1', canton: '01', district: '01' });
    const province = await get('/reference/address-search?q=LIMON');
    expect(province.body.data[0]).toEqual({ id: 7, type: 'province', primary_text: 'Limón', secondary_text: '', province: '7' });
    const amon = await get('/reference/address-search?q=amon');
    expect(amon.body.data).toEqual([{ id: 1010102, type: 'neighborhood', primary_text: 'Amón', secondary_text: 'Carmen, San José, San José', province: '1', canton: '01', district: '01', neighborhood: 'Amón' }]);
    expect((await get('/reference/address-search')).body.error.code).toBe('missing_param');
  });
});

describe('tariff codes', () => {
  it('searches English descriptions (stemmed) and code prefixes', async () => {
    const res = await get('/reference/tariff-codes?q=roasted%20coffee');
    expect(res.body.data.map((d: { code: string }) => d.code)).toContain('090121');
    expect(res.body.data[0]).toEqual(expect.objectContaining({ chapter: '09', heading: '0901', level: 6, is_leaf: false, rank: expect.any(Number) }));
    const prefix = await get('/reference/tariff-codes?q=0901');
    expect(prefix.body.data.map((d: { code: string }) => d.code)).toEqual(['0901', '090111', '090112', '090121', '090122', '090190']);
    // A 12-digit code finds its HS subheading, the code the catalogue really holds, never a made-up national entry.
    const national = await get('/reference/tariff-codes?q=0901.21.00.00.00');
    expect(national.body.data).toEqual([expect.objectContaining({ code: '090121', level: 6, is_leaf: false, description: 'Coffee; roasted, not decaffeinated' })]);
  });

  it('lists chapters with their sections and browses down', async () => {
    const chapters = (await get('/reference/tariff-codes/chapters')).body.data;
    expect(chapters).toHaveLength(97);
    expect(chapters[0]).toEqual({ id: 1, code: '01', description: 'Animals; live', chapter: '01', heading: null, level: 2, is_leaf: false, section: 'I', section_name: 'Live animals; animal products' });
    const headings = (await get('/reference/tariff-codes/browse?parent=09')).body.data;
    expect(headings.map((h: { code: string }) => h.code)).toContain('0901');
    expect((await get('/reference/tariff-codes/browse')).body.data).toHaveLength(97);
    expect((await get('/reference/tariff-codes/browse?parent=77')).body.error.code).toBe('tariff_not_found');
  });

  it('gives one code with parent and children; a 12-digit code is not claimed, its subheading is named', async () => {
    const heading = (await get('/reference/tariff-codes/0901')).body.data;
    expect(heading).toMatchObject({ code: '0901', level: 4, parent_code: '09' });
    expect(heading.children).toHaveLength(5);
    // No national (12-digit) code is known: the answer says so and names the subheading that does exist.
    const national = await get('/reference/tariff-codes/0901.21.00.00.00');
    expect(national.status).toBe(404);
    expect(national.body.error).toMatchObject({ code: 'tariff_not_found', subheading: { code: '090121', level: 6, description: 'Coffee; roasted, not decaffeinated' } });
    expect(national.body.error.message).toMatch(/^Los dígitos nacionales de 0901.21.00.00.00 no están en el catálogo/);
    for (const code of ['970700000000', '0901210000', 'coffee']) {
      const res = await get(`/reference/tariff-codes/${code}`);
      expect(res.status, code).toBe(404);
      expect(res.body.error.code).toBe('tariff_not_found');
    }
    const batch = await post('/reference/tariff-codes/batch', { codes: ['0901', '090121000001', '7777'] });
    expect(batch.body.data.map((d: { code: string }) => d.code)).toEqual(['0901']);
    expect(batch.body.not_found).toEqual(['090121000001', '7777']);
    expect((await post('/reference/tariff-codes/batch', { codes: Array.from({ length: 51 }, () => '01') })).body.error.code).toBe('too_many_codes');
  });
});

describe('access and robustness', () => {
  it('needs an organization key with reference:read', async () => {
    const without = seedOrganization(t, { identificationNumber: '3101999888' }, { abilities: ['invoices:read'] });
    const denied = await get('/reference/provinces', without.key);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('forbidden');
    expect((await get('/reference/cabys/categories', t.accountKey)).body.error.code).toBe('organization_key_required');
    expect((await t.call('GET', '/reference/tax-rates')).status).toBe(401);
  });

  it('documents every endpoint in the OpenAPI', async () => {
    const paths = Object.keys((await t.call('GET', '/openapi.json')).body.paths);
    for (const path of ['/api/v1/reference/cabys', '/api/v1/reference/cabys/{code}', '/api/v1/reference/neighborhoods/{province}/{canton}/{district}', '/api/v1/reference/tariff-codes/batch', '/api/v1/reference/economic-activities']) {
      expect(paths).toContain(path);
    }
  });

  it('never answers 5xx to odd input', async () => {
    const odd = ['"', '*', 'NEAR(a b)', 'a OR', '^', '-', '()', '\u0000', '😀', 'ñ', '..', '0'.repeat(40), 'col:x', '%25'];
    for (const q of odd) {
      for (const path of ['/reference/cabys', '/reference/tariff-codes', '/reference/address-search']) {
        const res = await get(`${path}?q=${encodeURIComponent(q)}`);
        expect(res.status, `${path} ${q}`).toBeLessThan(500);
      }
      expect((await get(`/reference/cabys/${encodeURIComponent(q)}`)).status).toBeLessThan(500);
      expect((await get(`/reference/tariff-codes/${encodeURIComponent(q)}`)).status).toBeLessThan(500);
      expect((await get(`/reference/cabys/browse?parent=${encodeURIComponent(q)}`)).status).toBeLessThan(500);
    }
  });
});
