/** How CABYS search ranks: whole words before longer words, plurals, all words before any, code prefixes. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalogs } from '../../../src/catalogs/catalogs.ts';

const CODES: [string, string][] = [
  ['0113100000100', 'Arroz pilado'],
  ['0113100000200', 'Servicio de siembra en arrozales'],
  ['2312000000300', 'Harina de arroz'],
  ['2391102010200', 'Café tostado, molido'],
  ['4481700000100', 'Cafetera eléctrica de uso doméstico'],
  ['0123400000100', 'Tomate'],
  ['0126000001300', 'Semillas de tomates'],
  ['2132100000100', 'Jugo de tomate concentrado, con azúcar y sal, para uso industrial en conservas'],
];

let dir: string;
let catalogs: Catalogs;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'facturador-ranking-'));
  catalogs = new Catalogs({ dataDir: dir });
  catalogs.replaceCabys({
    codes: CODES.map(([code, description]) => ({ code, description, taxRate: '13', includesNote: null, excludesNote: null })),
    categoryNames: new Map(),
    source: { importedFrom: 'test.xlsx', version: 'test' },
  }, new Date());
});
afterAll(() => {
  catalogs.close();
  rmSync(dir, { recursive: true, force: true });
});

const codes = (query: string, perPage = 10) => catalogs.cabys.search(query, { page: 1, perPage }).items.map((i) => i.description);

describe('CABYS ranking', () => {
  it('puts a whole word before a longer word that starts with it', () => {
    expect(codes('arroz')).toEqual(['Arroz pilado', 'Harina de arroz', 'Servicio de siembra en arrozales']);
    expect(codes('CAFÉ')).toEqual(['Café tostado, molido', 'Cafetera eléctrica de uso doméstico']);
  });

  it('prefers the shorter description among whole-word matches (bm25), then longer words', () => {
    expect(codes('tomate')).toEqual(['Tomate', CODES[7]![1], 'Semillas de tomates']);
  });

  it('finds the singular of a plural, and partial words', () => {
    expect(codes('tomates')).toHaveLength(3);
    expect(codes('tomates')[0]).toBe('Semillas de tomates');
    expect(codes('arro')).toHaveLength(3);
    expect(codes('elect domest')).toEqual(['Cafetera eléctrica de uso doméstico']);
  });

  it('needs every word, and falls back to any word when no entry has all', () => {
    expect(codes('arroz harina')).toEqual(['Harina de arroz']);
    const any = codes('arroz cafe');
    expect(any).toHaveLength(5);
    expect(any).toContain('Café tostado, molido');
  });

  it('scores higher first, counts every match and pages through them', () => {
    const first = catalogs.cabys.search('arroz', { page: 1, perPage: 2 });
    expect(first.total).toBe(3);
    expect(first.items[0]!.score!).toBeGreaterThan(first.items[1]!.score!);
    expect(catalogs.cabys.search('arroz', { page: 2, perPage: 2 }).items.map((i) => i.code)).toEqual(['0113100000200']);
  });

  it('reads digits as a code prefix, in code order; digits no code starts with are searched as words', () => {
    expect(catalogs.cabys.search('01', { page: 1, perPage: 10 }).items.map((i) => i.code)).toEqual(['0113100000100', '0113100000200', '0123400000100', '0126000001300']);
    expect(catalogs.cabys.search('555', { page: 1, perPage: 10 }).total).toBe(0);
  });
});
