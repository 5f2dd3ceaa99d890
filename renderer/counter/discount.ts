/**
 * A line's discount as the cashier types it: `10%` (of quantity × price) or `500` (colones). The API takes
 * discounts as amounts only (spec `Discount`: `amount`, `code`, `reason`), so a percentage becomes its
 * amount here, exactly (decimal.ts) and rounded to the XML's 5 decimals as the engine rounds the line's
 * amount. Code 07 "Descuento comercial" (Nota 20): the ordinary price reduction, whose VAT base shrinks
 * with it; regalía and bonificación (01, 03) keep VAT due and are not a counter's everyday discount.
 */
import { compare, multiply, round, shift } from './decimal.ts';

export const DISCOUNT_CODE = '07';

export interface LineDiscount {
  /** What the cashier typed, normalised ("10%", "500"): kept to recompute when the quantity changes. */
  input: string;
  /** Colones off the line, decimal text. */
  amount: string;
  /** NaturalezaDescuento, in the XML's language. */
  reason: string;
}

const PERCENT = /^(\d{1,3}(?:\.\d{1,2})?)\s*%$/;
const AMOUNT = /^\d{1,13}(?:\.\d{1,5})?$/;

/** The line's amount before discounts, as the engine computes it (MontoTotal = Cantidad × PrecioUnitario). */
export function lineAmount(quantity: string, price: string): string {
  return round(multiply(quantity, price), 5);
}

/**
 * The discount `typed` means on a line of `quantity` × `price`; null when it is none (blank, zero) or
 * impossible (not a number, over 100 %, more than the line).
 */
export function discountFrom(typed: string, quantity: string, price: string): LineDiscount | null {
  const input = typed.trim().replace(',', '.');
  const amountOfLine = lineAmount(quantity, price);
  const percent = PERCENT.exec(input);
  if (percent) {
    const pct = percent[1]!;
    if (compare(pct, '0') <= 0 || compare(pct, '100') > 0) return null;
    const amount = round(shift(multiply(amountOfLine, pct), 2), 5);
    return compare(amount, '0') > 0 ? { input: `${pct}%`, amount, reason: `Descuento del ${pct} %` } : null;
  }
  if (!AMOUNT.test(input) || compare(input, '0') <= 0 || compare(input, amountOfLine) > 0) return null;
  const amount = round(input, 5);
  return { input: amount, amount, reason: 'Descuento comercial' };
}
