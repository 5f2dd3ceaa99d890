/**
 * Scale labels: the EAN-13 codes a shop's scale prints on weighed goods. GS1 leaves the prefixes 20–29 to
 * each store; scales put the item's code and its weight or price in the digits after the prefix:
 *
 *   2 1 | 0 0 4 2 7 | 0 0 7 3 4 | 8        prefix 21, item 00427, weight 00734 with 3 decimals = 0.734 kg
 *
 * How many digits are the item and whether the rest is a weight or a price is the shop's setting (its scale's
 * programming), one format per prefix. Pure: the counter looks the item up and rings up the quantity or
 * the amount.
 */
import type { Decimal } from 'decimal.js';
import { Dec } from './money.ts';

export interface ScaleLabelFormat {
  /** Two digits, 20 to 29. */
  prefix: string;
  /** Digits of the item's code after the prefix; the value has the rest, 10 − itemDigits. */
  itemDigits: number;
  value: 'price' | 'weight';
  /** Decimals of the value: 3 for a weight in kilograms (grams), 0 for a price in colones. */
  decimals: number;
}

export type ScanRead =
  /** A weighed item: quantity in kilograms. */
  | { kind: 'weight'; prefix: string; itemCode: string; quantity: Decimal }
  /** An item priced by the scale: the line's amount, in the shop's currency. */
  | { kind: 'price'; prefix: string; itemCode: string; amount: Decimal }
  /** An ordinary EAN-13 (any prefix without a scale format): looked up as a product's code. */
  | { kind: 'ean'; code: string }
  /** Thirteen digits whose check digit is wrong: a misread, scanned again. */
  | { kind: 'bad_check_digit'; code: string }
  /** Not thirteen digits: some other code, not this parser's. */
  | { kind: 'other'; code: string };

/** The EAN check digit of the digits before it (weights 1 and 3 from the left, mod 10). */
export function eanCheckDigit(digits: string): number {
  let total = 0;
  for (let i = 0; i < digits.length; i++) total += Number(digits[i]) * ((digits.length - i) % 2 === 1 ? 3 : 1);
  return (10 - (total % 10)) % 10;
}

/** Why a format cannot be used, or undefined when it can (the settings screen shows the reason). */
export function scaleFormatProblem(format: ScaleLabelFormat): string | undefined {
  if (!/^2\d$/.test(format.prefix)) return 'prefix must be 20 to 29';
  if (!Number.isInteger(format.itemDigits) || format.itemDigits < 1 || format.itemDigits > 9) return 'itemDigits must be 1 to 9';
  const valueDigits = 10 - format.itemDigits;
  if (!Number.isInteger(format.decimals) || format.decimals < 0 || format.decimals > valueDigits) return `decimals must be 0 to ${valueDigits}`;
  return undefined;
}

export function readScan(scanned: string, formats: readonly ScaleLabelFormat[]): ScanRead {
  const code = scanned.trim();
  if (!/^\d{13}$/.test(code)) return { kind: 'other', code };
  if (eanCheckDigit(code.slice(0, 12)) !== Number(code[12])) return { kind: 'bad_check_digit', code };
  const prefix = code.slice(0, 2);
  const format = formats.find((f) => f.prefix === prefix && scaleFormatProblem(f) === undefined);
  if (!format) return { kind: 'ean', code };
  const itemCode = code.slice(2, 2 + format.itemDigits);
  const value = new Dec(code.slice(2 + format.itemDigits, 12)).dividedBy(new Dec(10).pow(format.decimals));
  return format.value === 'weight' ? { kind: 'weight', prefix, itemCode, quantity: value } : { kind: 'price', prefix, itemCode, amount: value };
}
