/**
 * CABYS search as a soda's owner uses it, against the shipped catalog over HTTP (docs/catalogs.md,
 * "Ranking", "Words CABYS does not use", "Levels"): what the shop sells is found under the catalogue's own
 * words, the phrase typed ranks first, and the tree's levels 2-8 show what they hold instead of bare codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let key: string;
beforeAll(async () => {
  t = await startTestServer();
  key = seedOrganization(t).key;
});
afterAll(() => t.close());

interface Hit { code: string; description_9: string; rank: number }

async function search(q: string, perPage = 20): Promise<{ hits: Hit[]; total: number }> {
  const res = await t.call('GET', `/reference/cabys?q=${encodeURIComponent(q)}&per_page=${perPage}`, { key });
  expect(res.status).toBe(200);
  return { hits: res.body.data, total: res.body.pagination.total };
}

describe('CABYS search for what a soda sells', () => {
  it('finds an empanada (a word CABYS does not use) under prepared food, then the food service', async () => {
    const { hits, total } = await search('empanada');
    expect(total).toBeGreaterThan(0);
    expect(hits[0]!.description_9).toMatch(/^Comidas preparadas/);
    expect(hits.map((h) => h.description_9)).toContain('Suministro de comida, servicio de restaurante sin mesero, con sitios para sentarse');
    // Plural, capitals, accents: the same search.
    expect((await search('EMPANADAS')).hits.map((h) => h.code)).toEqual(hits.map((h) => h.code));
    // Another word narrows it as usual: an empanada de carne is a prepared meat dish.
    expect((await search('empanada de carne')).hits.every((h) => /carne/i.test(h.description_9))).toBe(true);
  });

  it('puts hot coffee first for "cafe caliente", not the hot-air dryers for coffee', async () => {
    const { hits } = await search('cafe caliente');
    expect(hits[0]).toMatchObject({ code: '6340001000100', description_9: 'Café caliente, vendido en restaurantes, bares y establecimientos similares' });
    expect(hits.slice(1).some((h) => h.description_9.startsWith('Secadores por aire caliente'))).toBe(true);
    expect((await search('Café Caliente')).hits[0]!.code).toBe('6340001000100');
  });

  it('puts "sin mesero" first for "restaurante sin mesero", though "sin" alone narrows nothing', async () => {
    const { hits } = await search('restaurante sin mesero');
    expect(hits.map((h) => h.code).slice(0, 2)).toEqual(['6332000000000', '6331000000000']);
    expect(hits[0]!.rank).toBeGreaterThan(hits[1]!.rank);
    expect((await search('restaurante con mesero')).hits[0]!.code).toBe('6331000000000');
  });

  it('ranks the words in the order typed, at the start of a description, before the same words elsewhere', async () => {
    const { hits } = await search('cafe tostado');
    expect(hits[0]!.description_9).toMatch(/^Café tostado/);
    const ranks = hits.map((h) => h.rank);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('finds nothing, and says so with an empty page, for words in no description', async () => {
    expect(await search('xyzzy qwerty')).toEqual({ hits: [], total: 0 });
  });
});

describe('the CABYS tree of the shipped catalog', () => {
  it('labels levels 2-8 with what they hold, keeping description null (the copy has no names for them)', async () => {
    const res = await t.call('GET', '/reference/cabys/browse?parent=634000100', { key });
    expect(res.body.data[0]).toMatchObject({ code: '63400010001', description: null, label: 'Café caliente' });
    const level = await t.call('GET', '/reference/cabys/browse?parent=6340001', { key });
    expect(level.body.data).toEqual([expect.objectContaining({ code: '634000100', description: null, label: 'Café caliente · Té caliente · Chocolate caliente …' })]);
    const top = await t.call('GET', '/reference/cabys/browse?parent=2', { key });
    for (const c of top.body.data) {
      expect(c.description).toBeNull();
      expect(c.label).not.toBe(c.code);
      expect(c.label.length).toBeGreaterThan(2);
    }
  });

  it('gives a code its labels level by level, the named level 1 as it is', async () => {
    const res = await t.call('GET', '/reference/cabys/2391102010200', { key });
    expect(res.body.data).toMatchObject({
      description_1: 'Productos alimenticios, bebidas y tabaco; textiles, prendas de vestir y productos de cuero',
      label_1: 'Productos alimenticios, bebidas y tabaco; textiles, prendas de vestir y productos de cuero',
      description_6: null,
      label_6: 'Café tostado',
      label_8: 'Café tostado',
    });
    for (let level = 2; level <= 8; level++) expect(res.body.data[`label_${level}`]).not.toBe(res.body.data[`category_${level}`]);
  });
});
