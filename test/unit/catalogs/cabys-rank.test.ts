/** The order of CABYS matches (src/catalogs/cabys-rank.ts): each criterion against the next, on made-up descriptions. */
import { describe, expect, it } from 'vitest';
import { rankCabys, type RankQuery } from '../../../src/catalogs/cabys-rank.ts';
import { phraseWords, searchWords } from '../../../src/catalogs/search-text.ts';

const query = (text: string, synonyms: Record<string, string[][]> = {}): RankQuery => ({
  words: searchWords(text),
  phrase: phraseWords(text),
  expand: (word) => synonyms[word] ?? [],
});

const order = (text: string, descriptions: string[], synonyms?: Record<string, string[][]>) =>
  rankCabys(query(text, synonyms), descriptions.map((description, i) => ({ code: String(i).padStart(13, '0'), description }))).map((r) => r.description);

describe('CABYS ranking', () => {
  it('puts the words next to each other as typed first, small words included', () => {
    expect(order('restaurante sin mesero', ['Restaurante con mesero', 'Restaurante sin mesero, con sitios para sentarse'])).toEqual([
      'Restaurante sin mesero, con sitios para sentarse', 'Restaurante con mesero',
    ]);
    expect(order('cafe caliente', ['Secadores por aire caliente, para arroz y café', 'Café caliente, vendido en restaurantes, bares y establecimientos similares'])[0])
      .toBe('Café caliente, vendido en restaurantes, bares y establecimientos similares');
  });

  it('puts more of the words before fewer (a search that fell back to any word)', () => {
    expect(order('arroz cafe', ['Café tostado', 'Arroz con café', 'Harina de arroz'])[0]).toBe('Arroz con café');
  });

  it('puts the words in the order typed before the reverse, and close together before far apart', () => {
    expect(order('leche polvo', ['Polvo para hornear con leche', 'Leche en polvo'])[0]).toBe('Leche en polvo');
    expect(order('queso fresco', ['Queso de cabra madurado, no fresco', 'Queso blanco fresco'])[0]).toBe('Queso blanco fresco');
  });

  it('puts a word as typed before its singular, and before a longer word that starts with it', () => {
    expect(order('tomates', ['Tomate', 'Semillas de tomates'])).toEqual(['Semillas de tomates', 'Tomate']);
    expect(order('arroz', ['Servicio de siembra en arrozales', 'Harina de arroz'])).toEqual(['Harina de arroz', 'Servicio de siembra en arrozales']);
  });

  it('puts the word early in the description first, then the shorter description', () => {
    expect(order('arroz', ['Harina de arroz', 'Arroz pilado'])).toEqual(['Arroz pilado', 'Harina de arroz']);
    expect(order('pan', ['Pan dulce relleno de piña', 'Pan dulce'])).toEqual(['Pan dulce', 'Pan dulce relleno de piña']);
  });

  it('counts a synonym phrase as the word, the first phrase listed before the others', () => {
    const synonyms = { empanada: [['comidas', 'preparadas'], ['suministro', 'de', 'comida']] };
    expect(order('empanada', ['Suministro de comida, servicio en mostrador', 'Comidas preparadas n.c.p., no consumidas en el sitio'], synonyms)).toEqual([
      'Comidas preparadas n.c.p., no consumidas en el sitio', 'Suministro de comida, servicio en mostrador',
    ]);
  });

  it('gives scores between 0 and 1, higher first, ties by code; a description without the words (notes only) last', () => {
    const ranked = rankCabys(query('cafe'), [
      { code: '2', description: 'Café molido' },
      { code: '1', description: 'Café molido' },
      { code: '0', description: 'Máquinas tostadoras' },
    ]);
    expect(ranked.map((r) => r.code)).toEqual(['1', '2', '0']);
    expect(ranked[0]!.score).toBeGreaterThan(0);
    expect(ranked[0]!.score).toBeLessThan(1);
    expect(ranked[2]!.score).toBe(0);
  });
});
