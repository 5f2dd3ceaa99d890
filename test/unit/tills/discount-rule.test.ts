/**
 * The cashiers' discount limit (src/tills/discount-rule.ts) weighs the engine's computed Descuento against
 * the computed MontoTotal of each line: plain lines, combos (their components' discounts, their price made
 * of the components'), shelf prices with VAT; and never throws, whatever the body holds.
 */
import { describe, expect, it } from 'vitest';
import { discountOverLimit } from '../../../src/tills/discount-rule.ts';

const VAT = { type: '01', rate_code: '08' };
const ITEM = { cabys_code: '6331000000000', unit: 'Os', description: 'Almuerzo ejecutivo', tax: VAT };
const PACK = { cabys_code: '2399999002200', unit: 'Unid', description: 'Canasta navideña', commercial_codes: [{ type: '03', code: '7441234567890' }] };
const COFFEE = { cabys_code: '2391102010100', description: 'Café tostado', quantity: 1, unit: 'Kg', price: 1000, tax: VAT };
const body = (items: unknown[], extra: Record<string, unknown> = {}) => ({ document: { document_type: '04' }, items, ...extra });

describe('discountOverLimit', () => {
  it('weighs a plain line: quantity × price against the discounts', () => {
    expect(discountOverLimit(body([{ ...ITEM, quantity: 2, price: 1000, discount: { amount: 200 } }]), '10')).toBe(false);
    expect(discountOverLimit(body([{ ...ITEM, quantity: 2, price: 1000, discount: { amount: '200.01' } }]), '10')).toBe(true);
    expect(discountOverLimit(body([{ ...ITEM, quantity: 1, price: 1000, discount: { amount: 1 } }]), '0')).toBe(true);
  });

  it("counts a combo's components' discounts, times the line's quantity, against the price they make", () => {
    const combo = (discount: number, quantity = 1) => body([{ ...PACK, quantity, surtido_items: [{ ...COFFEE, discount: { amount: discount } }] }]);
    expect(discountOverLimit(combo(100), '10')).toBe(false); // 100 of 1 000: exactly 10 %
    expect(discountOverLimit(combo(101), '10')).toBe(true);
    expect(discountOverLimit(combo(101, 3), '10')).toBe(true);
    expect(discountOverLimit(combo(100, 3), '10')).toBe(false);
  });

  it('weighs a shelf price with VAT included as the net amounts it becomes', () => {
    // ₡1,130 on the shelf is ₡1,000 net; ₡113 off it is ₡100 net: 10 %.
    const shelf = (discount: number) => body([{ ...ITEM, quantity: 1, price: 1130, discount: { amount: discount } }], { commercial_info: { prices_include_vat: true } });
    expect(discountOverLimit(shelf(113), '10')).toBe(false);
    expect(discountOverLimit(shelf(120), '10')).toBe(true);
  });

  it('leaves what the reader refuses to the issuing route, and never throws', () => {
    const junk: unknown[] = [null, 'x', 42, [], {}, { items: 'x' }, { items: [null, 1, 'a', []] }, { items: [{ ...ITEM, quantity: 'x', price: 1, discount: { amount: 5 } }] },
      { items: [{ ...PACK, quantity: 1, surtido_items: 'x' }] }, { items: [{ ...PACK, quantity: 1, surtido_items: [{ discount: { amount: 'NaN' } }] }] },
      { items: [{ ...ITEM, quantity: 1e300, price: 1e300, discount: { amount: 1e300 } }] }, { items: Array.from({ length: 1001 }, () => ({ ...ITEM, quantity: 1, price: 1, discount: { amount: 1 } })) }];
    for (const value of junk) expect(() => discountOverLimit(value, '10')).not.toThrow();
    expect(discountOverLimit({ items: [{ ...ITEM, quantity: 'x', price: 100, discount: { amount: 50 } }] }, '10')).toBe(false);
  });
});
