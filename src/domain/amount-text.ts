/**
 * Amounts and quantities as people read them on e-mails and PDFs: comma thousands separators and a decimal
 * point (the way Costa Rican receipts and the tax authority's own screens write colones), computed from the
 * decimal text, never through a binary float.
 */
import type { Decimal } from 'decimal.js';
import { Dec } from './money.ts';

function group(whole: string): string {
  const sign = whole.startsWith('-') ? '-' : '';
  return sign + whole.slice(sign.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `5085.00000` -> `5,085.00`: two decimals, rounded half up, as amounts are shown to people. */
export function displayAmount(amount: Decimal.Value): string {
  const [whole, cents] = new Dec(amount).toFixed(2).split('.') as [string, string];
  return `${group(whole)}.${cents}`;
}

/**
 * A value shown with as many decimals as it has, between `min` and `max` (quantities: 0–3, unit prices:
 * 2–5), so that `1.500` reads `1.5` and a unit price of `0.12345` is not rounded away.
 */
export function displayDecimal(value: Decimal.Value, min: number, max: number): string {
  const d = new Dec(value).toDecimalPlaces(max, Dec.ROUND_HALF_UP);
  const [whole, fraction = ''] = d.toFixed(Math.max(min, Math.min(max, d.decimalPlaces()))).split('.');
  return fraction === '' ? group(whole!) : `${group(whole!)}.${fraction}`;
}
