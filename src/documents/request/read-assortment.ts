/**
 * `items[].surtido_items`: the components of a combo or pack line (DetalleSurtido, up to 20). Each
 * component's amounts are computed like a line's: amount = quantity × price, subtotal = amount − discounts,
 * VAT on the subtotal at its rate.
 */
import { units } from '../../domain/codes.ts';
import type { AssortmentLine, Discount } from '../../domain/document-model.ts';
import { HUNDRED, ZERO, round5, sum } from '../../domain/money.ts';
import { VAT_TAX_CODES, vatRate } from '../../domain/line-totals.ts';
import { FieldReader, pick, type Json } from './field-reader.ts';
import { allCodes } from './code-lists.ts';
import { readDiscount, readTax } from './read-tax.ts';

function readComponent(r: FieldReader, raw: Json, path: string): AssortmentLine | undefined {
  const cabysCode = r.text(pick(raw, 'cabys_code'), `${path}.cabys_code`, { required: true, pattern: /^\d{13}$/, format: '13 digits' });
  const description = r.text(pick(raw, 'description'), `${path}.description`, { required: true, min: 3, max: 200 });
  const quantity = r.decimal(pick(raw, 'quantity'), `${path}.quantity`, { required: true, positive: true, maxDecimals: 3 });
  const unit = r.text(pick(raw, 'unit'), `${path}.unit`, { required: true });
  if (unit !== undefined && !allCodes(units).has(unit)) r.problems.add(`${path}.unit`, 'unknown_code', { value: unit });
  const unitPrice = r.decimal(pick(raw, 'price', 'unit_price'), `${path}.price`, { required: true, min: 0, maxDecimals: 5 });
  const discountList = r.array(pick(raw, 'discount', 'discounts'), `${path}.discount`, { max: 5 }) ?? [];
  const discounts = discountList
    .map((d, i) => r.object(d, `${path}.discount.${i}`, true))
    .map((d, i) => (d ? readDiscount(r, d, `${path}.discount.${i}`) : undefined))
    .filter((d): d is Discount => d !== undefined);
  const taxList = r.array(pick(raw, 'tax', 'taxes'), `${path}.tax`, { min: 1, max: 1000 }) ?? [];
  const taxes = taxList
    .map((t, i) => r.object(t, `${path}.tax.${i}`, true))
    .map((t, i) => (t ? readTax(r, t, `${path}.tax.${i}`, undefined) : undefined))
    .filter((t) => t !== undefined);
  if (!cabysCode || !description || !quantity || !unit || !unitPrice) return undefined;
  const amount = round5(quantity.mul(unitPrice));
  const subtotal = amount.minus(sum(discounts.map((d) => d.amount)));
  return {
    cabysCode,
    commercialCodes: [],
    quantity,
    unit,
    description,
    unitPrice,
    amount,
    discounts: discounts.map(({ nature: _nature, ...d }) => d),
    subtotal,
    taxableBase: subtotal,
    taxes: taxes.map((t) => {
      const rate = VAT_TAX_CODES.has(t.code) ? vatRate(t) : t.rate;
      const taxAmount = t.amount ?? (rate === undefined ? ZERO : round5(subtotal.mul(rate).div(HUNDRED)));
      return { code: t.code, codeOther: t.codeOther, rateCode: t.rateCode, rate, amount: taxAmount };
    }),
  };
}

export function readAssortment(r: FieldReader, value: unknown, path: string): AssortmentLine[] {
  const list = r.array(value, path, { max: 20 }) ?? [];
  return list
    .map((entry, i) => {
      const raw = r.object(entry, `${path}.${i}`, true);
      return raw ? readComponent(r, raw, `${path}.${i}`) : undefined;
    })
    .filter((c): c is AssortmentLine => c !== undefined);
}
