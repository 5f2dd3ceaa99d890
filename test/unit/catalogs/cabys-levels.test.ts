/** The nine CABYS levels as code prefixes, checked against the shipped copy. */
import { describe, expect, it } from 'vitest';
import { cabysCategories, cabysCategoryCodes, cabysLevelOf, cabysParentCode, CABYS_LEVEL_DIGITS } from '../../../src/catalogs/cabys-levels.ts';
import { readShippedCabys } from '../../../src/catalogs/cabys-catalog.ts';

describe('CABYS levels', () => {
  it('maps digit counts to levels and back', () => {
    expect(CABYS_LEVEL_DIGITS.map((d) => cabysLevelOf('0'.repeat(d)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(cabysLevelOf('012345')).toBeUndefined();
    expect(cabysLevelOf('01a')).toBeUndefined();
    expect(cabysCategoryCodes('0111100000100')).toEqual(['0', '01', '011', '0111', '01111', '0111100', '011110000', '01111000001']);
    expect(cabysParentCode('0111100000100')).toBe('01111000001');
    expect(cabysParentCode('0')).toBeUndefined();
  });

  it('counts children and codes of every category', () => {
    const categories = cabysCategories(['0111100000100', '0111100009900', '0111200000100', '5111100000100'], new Map([['0', 'Agricultura']]));
    const byCode = new Map(categories.map((c) => [c.code, c]));
    expect(byCode.get('0')).toEqual({ level: 1, code: '0', parentCode: null, description: 'Agricultura', children: 1, codes: 3 });
    expect(byCode.get('0111')).toMatchObject({ level: 4, children: 2, codes: 3, description: null });
    expect(byCode.get('01111000001')).toMatchObject({ level: 8, parentCode: '011110000', children: 1, codes: 1 });
    expect(byCode.get('011110000')).toMatchObject({ level: 7, children: 2, codes: 2 });
    expect(categories.filter((c) => c.level === 1).map((c) => c.code)).toEqual(['0', '5']);
  });

  it('fits the shipped copy: 20,501 codes of 13 digits under 10 level-1 categories', () => {
    const codes = readShippedCabys().map((c) => c.code);
    expect(codes).toHaveLength(20501);
    expect(codes.every((c) => /^\d{13}$/.test(c))).toBe(true);
    const perLevel = CABYS_LEVEL_DIGITS.slice(0, -1).map((d) => new Set(codes.map((c) => c.slice(0, d))).size);
    expect(perLevel).toEqual([10, 72, 327, 1249, 2608, 4598, 6742, 12219]);
    expect(cabysCategories(codes, new Map()).length).toBe(perLevel.reduce((a, b) => a + b, 0));
  });
});
