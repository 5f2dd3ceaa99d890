/**
 * Money and quantities as decimals. Binary floating point never touches an amount: request numbers are
 * turned into `Decimal` from their textual form, and each amount the XSD fixes is rounded once, to the
 * XSD's decimals, half away from zero (the rounding Hacienda's own calculator uses).
 */
import { Decimal } from 'decimal.js';

/** A private Decimal constructor so that no other configuration can change how money rounds. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Dec = Decimal;

export const ZERO = new Dec(0);
export const HUNDRED = new Dec(100);

/** DecimalDineroType: 13 integer digits, 5 decimals. */
export const MONEY_DECIMALS = 5;
export const MAX_MONEY = new Dec('9999999999999.99999');

/** Rounds an amount to the 5 decimals of DecimalDineroType. */
export function round5(value: Decimal): Decimal {
  return value.toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** Sums decimals exactly. */
export function sum(values: Iterable<Decimal>): Decimal {
  let total: Decimal = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}

/**
 * Parses a request value (number or numeric string) into a Decimal, or returns undefined when it is not
 * a finite decimal number. Numbers are read through their shortest round-trip text (`String(n)`), which is
 * exactly what the client wrote in its JSON for any value with ≤ 15 significant digits.
 */
export function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? new Dec(String(value)) : undefined;
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
    return new Dec(text);
  }
  return undefined;
}

/** Number of decimals a value is written with (after normalisation). */
export function decimalsOf(value: Decimal): number {
  return value.decimalPlaces();
}
