/**
 * Scale labels read at the counter: the in-store EAN-13 prefixes (20–29) carry an item code and a weight or
 * a price as the shop's scale prints them; a misread is refused by its check digit, and any other EAN is an
 * ordinary product code. The check digits below were computed by hand (weights 1, 3, 1, 3… from the left).
 */
import { describe, expect, it } from 'vitest';
import { Dec } from '../../../src/domain/money.ts';
import { eanCheckDigit, readScan, scaleFormatProblem, type ScaleLabelFormat } from '../../../src/domain/scale-label.ts';

const FORMATS: ScaleLabelFormat[] = [
  { prefix: '21', itemDigits: 5, value: 'weight', decimals: 3 },
  { prefix: '22', itemDigits: 5, value: 'price', decimals: 0 },
];

describe('scale labels', () => {
  it('reads a weight label: item 00427, 0.734 kg, exact', () => {
    const read = readScan('2100427007342', FORMATS);
    expect(read).toMatchObject({ kind: 'weight', prefix: '21', itemCode: '00427' });
    expect(read.kind === 'weight' && read.quantity.equals(new Dec('0.734'))).toBe(true);
    // Rung up at ₡2,350.00 the kilo, to the cent without a float: 1,724.90.
    expect(read.kind === 'weight' && read.quantity.times('2350').toFixed(2)).toBe('1724.90');
  });

  it('reads a price label: item 01234, ₡1,250', () => {
    const read = readScan('2201234012502', FORMATS);
    expect(read).toMatchObject({ kind: 'price', prefix: '22', itemCode: '01234' });
    expect(read.kind === 'price' && read.amount.equals(1250)).toBe(true);
    const cents = readScan('2201234012502', [{ prefix: '22', itemDigits: 5, value: 'price', decimals: 2 }]);
    expect(cents.kind === 'price' && cents.amount.toFixed(2)).toBe('12.50');
  });

  it('refuses a label whose check digit does not match (a misread), and reads codes with spaces around', () => {
    expect(readScan('2100427007343', FORMATS)).toEqual({ kind: 'bad_check_digit', code: '2100427007343' });
    expect(readScan(' 2100427007342\n', FORMATS).kind).toBe('weight');
  });

  it('treats other prefixes, and in-store prefixes the shop has not set up, as ordinary EANs', () => {
    expect(readScan('7501000000012', FORMATS)).toEqual({ kind: 'ean', code: '7501000000012' });
    expect(readScan('2900001000000', FORMATS)).toEqual({ kind: 'ean', code: '2900001000000' });
    expect(readScan('12345', FORMATS)).toEqual({ kind: 'other', code: '12345' });
    expect(readScan('ABC0427007342', FORMATS)).toEqual({ kind: 'other', code: 'ABC0427007342' });
  });

  it('computes check digits as GS1 does, and refuses formats that cannot be read', () => {
    expect(eanCheckDigit('750100000001')).toBe(2);
    expect(eanCheckDigit('290000100000')).toBe(0);
    expect(scaleFormatProblem({ prefix: '30', itemDigits: 5, value: 'price', decimals: 0 })).toMatch(/prefix/);
    expect(scaleFormatProblem({ prefix: '21', itemDigits: 10, value: 'price', decimals: 0 })).toMatch(/itemDigits/);
    expect(scaleFormatProblem({ prefix: '21', itemDigits: 6, value: 'weight', decimals: 5 })).toMatch(/decimals/);
    // A format that cannot be read is ignored rather than misreading the label.
    expect(readScan('2100427007342', [{ prefix: '21', itemDigits: 6, value: 'weight', decimals: 5 }]).kind).toBe('ean');
  });
});
