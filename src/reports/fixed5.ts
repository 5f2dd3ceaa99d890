/**
 * Amounts with the five places the VAT figures are stored with, as whole numbers of hundred-thousandths
 * (bigint): a month's worksheet adds some 30,000 of them, and decimal.js objects made that the slowest part
 * (0.4 s for 12,000 documents). Adding integers is as exact; anything that multiplies (an exchange rate, a
 * percentage) goes through decimal.js (money.ts) and comes back rounded to five places, as stored figures are.
 */
import type { Decimal } from 'decimal.js';
import { Dec, round5 } from '../domain/money.ts';

/** An amount × 100,000. */
export type Fixed5 = bigint;

export const NIL: Fixed5 = 0n;
const SCALE = 100_000n;

/** Stored decimal text ("1000.10000", "-5", "0.5") as Fixed5; more than five places are rounded half up. */
export function fixed5(text: string): Fixed5 {
  const dot = text.indexOf('.');
  if (dot < 0) return BigInt(text) * SCALE;
  const fraction = text.length - dot - 1;
  if (fraction === 5) return BigInt(text.slice(0, dot) + text.slice(dot + 1));
  return fromDecimal(new Dec(text));
}

export function fromDecimal(value: Decimal): Fixed5 {
  return BigInt(round5(value).mul(100_000).toFixed(0));
}

export function toDecimal(value: Fixed5): Decimal {
  return new Dec(value.toString()).div(100_000);
}

function withPlaces(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Five places, as the drill-down shows a document's share. */
export function text5(value: Fixed5): string {
  return withPlaces(value, 5);
}

/** Two places, rounded once, half away from zero (money.ts's ROUND_HALF_UP); never "-0.00". */
export function cents(value: Fixed5): string {
  let units = value / 1000n;
  const rest = value % 1000n;
  if (rest >= 500n) units += 1n;
  else if (rest <= -500n) units -= 1n;
  return units === 0n ? '0.00' : withPlaces(units, 2);
}

/** A stored line's base and tax net of what an exoneration took off (each as stored, in colones). */
export function netOf(line: { base: string; tax: string; exoneratedBase: string; exoneratedTax: string }): { base: Fixed5; tax: Fixed5 } {
  return { base: fixed5(line.base) - fixed5(line.exoneratedBase), tax: fixed5(line.tax) - fixed5(line.exoneratedTax) };
}
