/** The counter's money: exact decimals, percentage discounts, change due, and how amounts read. */
import { describe, expect, it } from 'vitest';
import { compare, decimalOf, multiply, round, shift, subtract } from '../../../renderer/shared/decimal.ts';
import { discountFrom, lineAmount } from '../../../renderer/shared/ticket/discount.ts';
import { changeDue, readTendered } from '../../../renderer/counter/cash.ts';
import { formatMoney } from '../../../renderer/shared/money.ts';

describe('exact decimals', () => {
  it('subtracts and multiplies without binary rounding', () => {
    expect(subtract('0.3', '0.1')).toBe('0.2'); // 0.3 - 0.1 is 0.19999999999999998 in floats
    expect(subtract('20000', '3390.00001')).toBe('16609.99999');
    expect(subtract('1000', '1695.5')).toBe('-695.5');
    expect(multiply('1.005', '1000')).toBe('1005');
    expect(multiply('3', '0.1')).toBe('0.3');
    expect(shift('1234', 2)).toBe('12.34');
  });

  it('rounds half away from zero, as the engine', () => {
    expect(round('0.000005', 5)).toBe('0.00001');
    expect(round('0.0000049', 5)).toBe('0');
    expect(round('-2.5', 0)).toBe('-3');
    expect(round('12.3', 5)).toBe('12.3');
  });

  it('compares', () => {
    expect(compare('10.50', '10.5')).toBe(0);
    expect(compare('9.99999', '10')).toBe(-1);
    expect(compare('-1', '-2')).toBe(1);
  });

  it('reads the API JSON amounts as the decimals the server wrote', () => {
    expect(decimalOf(3390)).toBe('3390');
    expect(decimalOf(1695.5)).toBe('1695.5');
    expect(decimalOf(0.00001)).toBe('0.00001');
    expect(decimalOf(1234567.12345)).toBe('1234567.12345');
  });
});

describe('line discounts', () => {
  it('turns a percentage into the amount of quantity × price, rounded to 5 decimals', () => {
    expect(discountFrom('10%', '2', '1500')).toEqual({ input: '10%', amount: '300', reason: 'Descuento del 10 %' });
    expect(discountFrom('12,5 %', '3', '333.33')).toMatchObject({ input: '12.5%', amount: '124.99875' });
    expect(discountFrom('33.33%', '1', '0.1')).toMatchObject({ amount: '0.03333' });
    expect(discountFrom('100%', '1.5', '999.99999')).toMatchObject({ amount: lineAmount('1.5', '999.99999') });
  });

  it('takes an amount up to the line amount', () => {
    expect(discountFrom('500', '2', '1500')).toEqual({ input: '500', amount: '500', reason: 'Descuento comercial' });
    expect(discountFrom('3000', '2', '1500')).toMatchObject({ amount: '3000' });
    expect(discountFrom('3000.00001', '2', '1500')).toBeNull();
  });

  it('refuses what is no discount', () => {
    for (const typed of ['', '0', '0%', '101%', 'diez', '-5', '1e3']) expect(discountFrom(typed, '1', '1000'), typed).toBeNull();
  });
});

describe('cash', () => {
  it('reads what the cashier typed for the amount received', () => {
    expect(readTendered('20 000')).toBe('20000');
    expect(readTendered('₡5000,50')).toBe('5000.50');
    expect(readTendered('')).toBeNull();
    expect(readTendered('5k')).toBeNull();
  });

  it('gives the change due, negative when short', () => {
    expect(changeDue('20000', '3390')).toBe('16610');
    expect(changeDue('5000', '4067.8')).toBe('932.2');
    expect(changeDue('3000', '3390')).toBe('-390');
    expect(changeDue(null, '3390')).toBeNull();
    expect(changeDue('3000', null)).toBeNull();
  });
});

describe('formatMoney', () => {
  it('groups by the language and always shows two decimals, rounded half up from the decimal text', () => {
    expect(formatMoney('en', '1234567.5')).toBe('₡1,234,567.50');
    expect(formatMoney('en', '3390')).toBe('₡3,390.00');
    expect(formatMoney('es', '3073.6').replace(/\s/g, ' ')).toBe('₡3 073,60'); // the documents list showed "₡3 073,6"
    expect(formatMoney('es', '16609.99999').replace(/\s/g, ' ')).toBe('₡16 610,00');
    expect(formatMoney('en', '115.04425')).toBe('₡115.04');
    expect(formatMoney('en', '0.005')).toBe('₡0.01'); // 0.005 is 0.00499… as a float: rounded from the text
    expect(formatMoney('en', '-390')).toBe('−₡390.00');
    expect(formatMoney('en', '-0.001')).toBe('₡0.00');
  });

  it('takes the API JSON numbers and other currencies', () => {
    expect(formatMoney('en', 1695.5, 'USD')).toBe('$1,695.50');
    expect(formatMoney('en', 10, 'GBP')).toBe('GBP 10.00');
  });
});
