/** How catalog searches read a query: folding, stop words, plurals, code digits, FTS5 expressions. */
import { describe, expect, it } from 'vitest';
import { codeDigits, foldText, foldedWords, searchWords, singular } from '../../../src/catalogs/search-text.ts';
import { ftsMatch } from '../../../src/catalogs/fts-query.ts';

describe('search text', () => {
  it('folds case and accents like the FTS5 tokenizer (ñ is n)', () => {
    expect(foldText('CAFÉ Ñandú Güisquil')).toBe('cafe nandu guisquil');
    expect(foldedWords('Café tostado, sin-descafeinar (500 g)')).toEqual(['cafe', 'tostado', 'sin', 'descafeinar', '500', 'g']);
  });

  it('drops stop words, repeats and anything past eight words; stop words alone find nothing', () => {
    expect(searchWords('Arroz de la casa y arroz')).toEqual(['arroz', 'casa']);
    expect(searchWords('de la y')).toEqual([]);
    expect(searchWords('uno dos tres cuatro cinco seis siete ocho nueve')).toHaveLength(8);
    expect(searchWords('productos n.c.p.')).toEqual(['productos']);
  });

  it('folds Spanish plurals for prefix matching, leaving short words and numbers', () => {
    expect(singular('tomates')).toBe('tomate');
    expect(singular('limones')).toBe('limon');
    expect(singular('flores')).toBe('flor');
    expect(singular('papas')).toBe('papa');
    expect(singular('gas')).toBe('gas');
    expect(singular('500s')).toBe('500s');
    expect(singular('arroz')).toBe('arroz');
  });

  it('reads digits written with spaces, dots or dashes as a code; anything else is text', () => {
    expect(codeDigits(' 0111-1000.00 100 ')).toBe('0111100000100');
    expect(codeDigits('2391')).toBe('2391');
    expect(codeDigits('leche 2%')).toBeUndefined();
    expect(codeDigits(' - ')).toBeUndefined();
  });

  it('builds FTS5 expressions that match a word whole or as a prefix, and quote everything', () => {
    expect(ftsMatch(['arroz', 'tomates'])).toBe('("arroz" OR "arroz"*) AND ("tomates" OR "tomate"*)');
    expect(ftsMatch(['a', 'cafe'], 'any')).toBe('"a" OR ("cafe" OR "cafe"*)');
    // Whatever a user types becomes words of letters and digits: no FTS5 syntax gets through.
    expect(ftsMatch(searchWords('NEAR("x" OR w)* ^col: -z'))).toBe('("near" OR "near"*) AND "x" AND ("or" OR "or"*) AND "w" AND ("col" OR "col"*) AND "z"');
  });
});
