/**
 * Shelf prices (VAT included) to net ones: over a grid of prices, VAT rates, quantities with decimals and
 * discounts, the line the engine computes from the derived price totals what the shelf says, to the cent —
 * and to the last of its 5 decimals wherever the 5-decimal grid reaches it.
 */
import { describe, expect, it } from 'vitest';
import { Decimal } from 'decimal.js';
import { Dec, round5 } from '../../../src/domain/money.ts';
import { computeLine, type TaxInput } from '../../../src/domain/line-totals.ts';
import { netFromShelf } from '../../../src/domain/vat-included-price.ts';
import type { Discount } from '../../../src/domain/document-model.ts';

const d = (v: string) => new Dec(v);
const cents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
/** Rate code (Nota 8.1) → percentage: 0, 1, 2, 4, 8 (transitional, notes only), 13 and 0.5 %. */
const RATES: Record<string, string> = { '01': '0', '02': '1', '03': '2', '04': '4', '07': '8', '08': '13', '09': '0.5' };
const PRICES = ['0.01', '1', '5', '99.99', '100', '250', '333.33', '500', '999.99', '1000', '1100', '1250', '1500', '2750.5', '9999.99', '12345.67', '1234567.89', '0.33333'];
/** Up to 885 units: quantity × (1 + rate) ≤ 1000, where one step of the price moves the total by at most a cent. */
const QUANTITIES = ['1', '2', '3', '7', '12', '48', '100', '250', '885', '0.5', '0.25', '0.333', '0.001', '1.5', '2.125', '0.00001'];

function signed(quantity: string, price: string, rateCode: string, discounts: Discount[] = []) {
  const vat: TaxInput = { code: '01', rateCode };
  const net = netFromShelf({ quantity: d(quantity), price: d(price), discounts, vat, rate: d(RATES[rateCode]!) });
  return { net, line: computeLine({ quantity: d(quantity), unitPrice: net.unitPrice, discounts: net.discounts, taxes: [vat], isService: false }) };
}

describe('a shelf price becomes the net PrecioUnitario', () => {
  it('₡1,000 at 13 % is 884.95575 before tax, and the line totals ₡1,000.00000', () => {
    const { net, line } = signed('1', '1000', '08');
    expect(net.unitPrice.toFixed(5)).toBe('884.95575');
    expect([line.amount, line.taxes[0]!.amount, line.total].map((v) => v.toFixed(5))).toEqual(['884.95575', '115.04425', '1000.00000']);
  });

  it('over every rate, price and quantity of the grid the line totals the shelf price × quantity to the cent', () => {
    let exact = 0;
    let lines = 0;
    const missed: string[] = [];
    for (const rateCode of Object.keys(RATES)) {
      for (const price of PRICES) {
        for (const quantity of QUANTITIES) {
          const { net, line } = signed(quantity, price, rateCode);
          const shelf = d(quantity).mul(price);
          lines++;
          if (line.total.equals(round5(shelf))) exact++;
          if (cents(line.total) !== cents(shelf)) missed.push(`${quantity} × ${price} at ${RATES[rateCode]} %: ${line.total} ≠ ${shelf}`);
          // Never more than the shelf price, never nothing (the annex wants PrecioUnitario above zero).
          expect(net.unitPrice.greaterThan(0) && net.unitPrice.lessThanOrEqualTo(price), `${quantity} × ${price}`).toBe(true);
          expect(net.unitPrice.decimalPlaces()).toBeLessThanOrEqual(5);
        }
      }
    }
    expect(missed).toEqual([]);
    // Most lines are exact to the 5th decimal; the others are as near as the grid of 5-decimal prices reaches.
    expect(exact / lines).toBeGreaterThan(0.5);
  });

  it('a 0 % rate keeps the price as it is', () => {
    expect(signed('3', '1250.5', '01').net.unitPrice.toString()).toBe('1250.5');
  });

  it('beyond 1,000 × (1 + rate) units one price step moves the total by more than a cent: it lands within half a step', () => {
    for (const quantity of ['1000', '5000']) {
      const { line } = signed(quantity, '99.99', '08');
      const halfStep = d(quantity).mul('1.13').mul('0.000005');
      expect(line.total.minus(d(quantity).mul('99.99')).abs().lessThanOrEqualTo(halfStep.plus('0.00001'))).toBe(true);
    }
  });
});

describe('discounts given on the shelf price', () => {
  /** Discount codes: 07 commercial, 01 regalía and 03 bonificación (whose VAT the issuer assumes). */
  const DISCOUNTS: [string, string][] = [['07', '0.1'], ['07', '0.5'], ['07', '1'], ['07', '0.01'], ['01', '0.1'], ['03', '0.25'], ['01', '1']];

  it('the line totals the shelf price × quantity less the discounts, to the cent, and never discounts more than MontoTotal', () => {
    const missed: string[] = [];
    for (const rateCode of ['02', '03', '04', '08', '09']) {
      for (const price of ['1', '99.99', '333.33', '1000', '2750.5', '12345.67']) {
        for (const quantity of ['1', '2', '0.5', '0.333', '1.5', '12', '100']) {
          for (const [code, share] of DISCOUNTS) {
            const shelf = d(quantity).mul(price);
            const given = round5(shelf.mul(share));
            const { net, line } = signed(quantity, price, rateCode, [{ code, amount: given }]);
            if (cents(line.total) !== cents(shelf.minus(given))) missed.push(`${quantity} × ${price} − ${given} (${code}) at ${RATES[rateCode]} %: ${line.total}`);
            expect(line.discountTotal.lessThanOrEqualTo(line.amount)).toBe(true);
            expect(net.discounts[0]!.code).toBe(code);
          }
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('2 × ₡1,500 at 13 % with ₡300 off totals ₡2,700.00000: 2,654.86726 − 265.48673 + VAT 310.61947', () => {
    const { net, line } = signed('2', '1500', '08', [{ code: '07', amount: d('300') }]);
    expect([line.amount, line.discountTotal, line.taxes[0]!.amount, line.total].map((v) => v.toFixed(5))).toEqual(['2654.86726', '265.48673', '310.61947', '2700.00000']);
    expect(net.discounts[0]!.amount.toFixed(5)).toBe(line.discountTotal.toFixed(5));
    expect(line.subtotal.plus(line.taxes[0]!.amount).toFixed(5)).toBe('2700.00000');
  });

  it('several discounts: each is converted, the largest absorbs the rounding, as near as the grid reaches', () => {
    const { net, line } = signed('3', '1000', '08', [{ code: '07', amount: d('100') }, { code: '07', amount: d('500') }]);
    // No SubTotal S makes S + round5(13 % × S) = 2,400.00000: 2,123.89380 gives 2,399.99999, one step more 2,400.00001.
    expect(line.total.toFixed(5)).toBe('2399.99999');
    expect(cents(line.total)).toBe('2400.00');
    expect(net.discounts[0]!.amount.toFixed(5)).toBe('88.49558'); // 100 / 1.13, rounded
  });

  it('everything given away totals zero', () => {
    const { line } = signed('2', '1000', '08', [{ code: '07', amount: d('2000') }]);
    expect(line.total.toFixed(5)).toBe('0.00000');
  });
});
