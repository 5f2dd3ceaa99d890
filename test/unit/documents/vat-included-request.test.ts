/**
 * `commercial_info.prices_include_vat` and `items[].price_includes_vat` (beyond the spec): the request says
 * its prices are the shelf's, and the document carries the net price that makes the shelf total. Without
 * them `price` keeps the spec's meaning, before tax.
 */
import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import type { Body } from '../../fixtures/example-requests.ts';
import { validationErrors } from '../../fixtures/validation-errors.ts';
import { NOW, example } from './probes/probe.ts';

const CAFE = { cabys_code: '6331000000000', quantity: 1, unit: 'Os', description: 'Café negro', price: 1000, tax: { type: '01', rate_type: '08' } };

/** The example ticket with these items and commercial_info members. */
function ticket(items: Body[], commercial: Body = {}): Body {
  const body = example('04-tiquete');
  body.items = items;
  Object.assign(body.commercial_info, commercial);
  return body;
}

const issue = (body: Body) => prepareDocument(body, { now: NOW, counter: new InMemoryCounter(), cabys: shippedCabysCatalog() }).model;
const errorsOf = (body: Body) => validationErrors(() => issue(body));

describe('prices with VAT included', () => {
  it('without a flag the price is before tax, as the spec says: ₡1,000 at 13 % is a ₡1,130 ticket', () => {
    expect(issue(ticket([CAFE])).summary.total.toFixed(5)).toBe('1130.00000');
  });

  it('commercial_info.prices_include_vat: ₡1,000 at the counter is a ₡1,000 ticket of 884.95575 + VAT', () => {
    const model = issue(ticket([CAFE, { ...CAFE, quantity: 0.5, price: 2750.5, discount: { amount: 100, reason: 'Cliente frecuente' } }], { prices_include_vat: true }));
    expect(model.lines[0]!.unitPrice.toFixed(5)).toBe('884.95575');
    expect(model.lines[0]!.total.toFixed(5)).toBe('1000.00000');
    expect(model.lines[1]!.total.toFixed(2)).toBe('1275.25'); // 0.5 × 2,750.50 − 100
    expect(model.summary.total.toFixed(2)).toBe('2275.25');
  });

  it("an item's price_includes_vat overrides the request's, either way", () => {
    const model = issue(ticket([{ ...CAFE, price_includes_vat: false }, CAFE], { prices_include_vat: true }));
    expect(model.lines.map((l) => l.total.toFixed(2))).toEqual(['1130.00', '1000.00']);
    const alone = issue(ticket([CAFE, { ...CAFE, price_includes_vat: true }]));
    expect(alone.lines.map((l) => l.total.toFixed(2))).toEqual(['1130.00', '1000.00']);
  });

  it('refuses the flag on a line whose shelf price has no single meaning, naming the line, in the request language', () => {
    const selective = { ...CAFE, tax: [{ type: '01', rate_type: '08' }, { type: '02', rate: 10 }] };
    const gift = { ...CAFE, discount: { amount: 100, code: '02' } };
    const errors = errorsOf(ticket([CAFE, selective, gift], { prices_include_vat: true }));
    expect(Object.keys(errors).filter((p) => p.includes('price_includes_vat'))).toEqual(['items.1.price_includes_vat', 'items.2.price_includes_vat']);
    expect(errors['items.1.price_includes_vat']![0]).toMatch(/^Un precio con IVA incluido solo se admite/);
    const english = ticket([{ ...selective, price_includes_vat: true }]);
    english.api_config = { language: 'en' };
    expect(errorsOf(english)['items.0.price_includes_vat']![0]).toMatch(/^A price with VAT included is only accepted/);
  });

  it('the flags are booleans', () => {
    const errors = errorsOf(ticket([{ ...CAFE, price_includes_vat: 'yes' }], { prices_include_vat: 1 }));
    expect(errors).toMatchObject({ 'commercial_info.prices_include_vat': ['Debe ser verdadero o falso.'], 'items.0.price_includes_vat': ['Debe ser verdadero o falso.'] });
  });
});
