/** DetalleServicio lines as the cells of the PDF's line table. */
import type { Line } from '../domain/document-model.ts';
import { displayDecimal } from '../domain/amount-text.ts';
import { sum } from '../domain/money.ts';
import { money, rate } from './text.ts';

export interface LineView {
  number: string;
  /** CodigoCABYS, or the first commercial code when a note carries none. */
  code: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  /** Σ Descuento, empty when there is none. */
  discount: string;
  /** The rates of the line's taxes (`13%`), or the tax amount for a tax without a rate. */
  tax: string;
  /** SubTotal: after discounts, before taxes (the totals add the taxes per rate). */
  subtotal: string;
}

export function lineView(line: Line, currency: string): LineView {
  const discount = sum(line.discounts.map((d) => d.amount));
  return {
    number: String(line.number),
    code: line.cabysCode ?? line.commercialCodes[0]?.code ?? '',
    description: line.description,
    quantity: displayDecimal(line.quantity, 0, 3),
    unit: line.unit,
    unitPrice: money(line.unitPrice, currency, 5),
    discount: discount.isZero() ? '' : money(discount, currency),
    tax: line.taxes.map((t) => (t.rate !== undefined ? rate(t.rate) : money(t.amount, currency))).join(', '),
    subtotal: money(line.subtotal, currency),
  };
}
