/**
 * A line's discount as the cashier types it: `10%` (of quantity × price) or `500` (colones). The API takes
 * discounts as amounts only (spec `Discount`: `amount`, `code`, `reason`), so a percentage becomes its
 * amount here, exactly (decimal.ts) and rounded to the XML's 5 decimals as the engine rounds the line's
 * amount. Code 07 "Descuento comercial" (Nota 20): the ordinary price reduction, whose VAT base shrinks
 * with it; regalía and bonificación (01, 03) keep VAT due and are not a counter's everyday discount.
 */
import { compare, multiply, readTyped, round, shift, type TypedProblem } from '../decimal.ts';

export const DISCOUNT_CODE = '07';

export interface LineDiscount {
  /** What the cashier typed, normalised ("10%", "500"): kept to recompute when the quantity changes. */
  input: string;
  /** Colones off the line, decimal text. */
  amount: string;
  /** NaturalezaDescuento, in the XML's language. */
  reason: string;
}

/** The two forms as typed: a percentage (`10%`, `12,5 %`) or an amount. */
const PERCENT = /^(.*?)\s*%$/;
const PERCENT_LIMITS = { digits: 3, decimals: 2 };

/** The line's amount before discounts, as the engine computes it (MontoTotal = Cantidad × PrecioUnitario). */
export function lineAmount(quantity: string, price: string): string {
  return round(multiply(quantity, price), 5);
}

/**
 * What the cashier typed, as the discount's canonical input (`12.5%`, `500`), or why the number in it is
 * refused (decimal.ts readTyped: `1.000` is not guessed).
 */
export function readDiscount(typed: string): { input: string; problem?: undefined } | { problem: TypedProblem; input?: undefined } {
  const percent = PERCENT.exec(typed.trim());
  const read = percent ? readTyped(percent[1]!, PERCENT_LIMITS) : readTyped(typed);
  if (read.problem) return { problem: read.problem };
  return { input: percent ? `${read.value}%` : read.value };
}

/** The discount of a canonical input (readDiscount) on a line of `quantity` × `price`; null when none or impossible. */
export function discountOf(input: string, quantity: string, price: string): LineDiscount | null {
  const amountOfLine = lineAmount(quantity, price);
  if (input.endsWith('%')) {
    const pct = input.slice(0, -1);
    if (compare(pct, '0') <= 0 || compare(pct, '100') > 0) return null;
    const amount = round(shift(multiply(amountOfLine, pct), 2), 5);
    return compare(amount, '0') > 0 ? { input, amount, reason: `Descuento del ${pct} %` } : null;
  }
  if (compare(input, '0') <= 0 || compare(input, amountOfLine) > 0) return null;
  const amount = round(input, 5);
  return { input: amount, amount, reason: 'Descuento comercial' };
}

/**
 * The discount `typed` means on a line of `quantity` × `price`; null when it is none (blank, zero) or
 * impossible (not a number, over 100 %, more than the line).
 */
export function discountFrom(typed: string, quantity: string, price: string): LineDiscount | null {
  const read = readDiscount(typed);
  return read.input === undefined ? null : discountOf(read.input, quantity, price);
}
