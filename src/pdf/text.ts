/**
 * Values as a PDF prints them: money with its currency sign, rates, dates. Every amount comes from the
 * decimal the XML reader produced (domain/amount-text), never from a float.
 */
import type { Decimal } from 'decimal.js';
import { displayAmount, displayDecimal } from '../domain/amount-text.ts';

/** Signs of the currencies Costa Rican documents use most; any other shows its ISO code. */
const SIGNS: Readonly<Record<string, string>> = { CRC: '₡', USD: '$', EUR: '€' };

/** Two decimals; `maxDecimals` above 2 keeps the further decimals a unit price may have (`₡0.12345`). */
export function money(amount: Decimal, currency: string, maxDecimals = 2): string {
  const sign = SIGNS[currency] ?? `${currency} `;
  return `${sign}${maxDecimals > 2 ? displayDecimal(amount, 2, maxDecimals) : displayAmount(amount)}`;
}

export function rate(percent: Decimal): string {
  return `${displayDecimal(percent, 0, 2)}%`;
}

/** FechaEmision as written (Costa Rica time): `2026-11-20T10:30:00-06:00` -> `20/11/2026 10:30`. */
export function dateTime(issuedAt: string): string {
  const [date = '', time = ''] = issuedAt.split('T');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}${time ? ` ${time.slice(0, 5)}` : ''}`;
}
