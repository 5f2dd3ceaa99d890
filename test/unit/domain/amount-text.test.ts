/** Amounts and quantities as people read them, computed from the decimal text. */
import { describe, expect, it } from 'vitest';
import { displayAmount, displayDecimal } from '../../../src/domain/amount-text.ts';

describe('displayAmount', () => {
  it('shows two decimals, rounded half up, with comma thousands separators', () => {
    expect(displayAmount('5085.00000')).toBe('5,085.00');
    expect(displayAmount('1234567.12500')).toBe('1,234,567.13');
    expect(displayAmount('0.00000')).toBe('0.00');
    expect(displayAmount('999.99500')).toBe('1,000.00');
    expect(displayAmount('9999999999999.99999')).toBe('10,000,000,000,000.00');
    expect(displayAmount('-1234.5')).toBe('-1,234.50');
  });
});

describe('displayDecimal', () => {
  it('keeps the decimals a value has, between a minimum and a maximum', () => {
    expect(displayDecimal('1.500', 0, 3)).toBe('1.5');
    expect(displayDecimal('2', 0, 3)).toBe('2');
    expect(displayDecimal('1234.5678', 0, 3)).toBe('1,234.568');
    expect(displayDecimal('8500.50000', 2, 5)).toBe('8,500.50');
    expect(displayDecimal('0.12345', 2, 5)).toBe('0.12345');
    expect(displayDecimal('13.00', 0, 2)).toBe('13');
    expect(displayDecimal('0.5', 0, 2)).toBe('0.5');
  });
});
