/**
 * The count at a shift's close (docs/tills.md): cash by colón denomination — notes of 20 000, 10 000, 5 000,
 * 2 000 and 1 000, coins of 500, 100, 50, 25, 10 and 5 — or as one amount, and one amount for each other
 * method (card, SINPE Móvil, transfer, other). A method left out counted nothing. Every problem is reported
 * at once with its field path (422).
 */
import type { Decimal } from 'decimal.js';
import { validationError } from '../domain/errors.ts';
import { Dec, MAX_MONEY, ZERO, toDecimal } from '../domain/money.ts';
import { PAYMENT_KEYS, type PaymentKey } from '../domain/shift-report.ts';

export const DENOMINATIONS = ['20000', '10000', '5000', '2000', '1000', '500', '100', '50', '25', '10', '5'] as const;

/** More pieces of one denomination than any drawer holds is a typing slip. */
const MAX_PIECES = 100_000;

export interface CashCount {
  /** What was counted per method, 5 places. */
  amounts: Record<PaymentKey, string>;
  /** Cash by denomination (value -> pieces), when it was counted that way. */
  denominations: Record<string, number> | null;
}

/** An amount of money as the request gives it (decimal text or a JSON number): 0 or more, at most 5 decimals. */
export function moneyAmount(raw: unknown): Decimal | undefined {
  const value = toDecimal(raw);
  if (!value || value.isNegative() || value.decimalPlaces() > 5 || value.greaterThan(MAX_MONEY)) return undefined;
  return value;
}

const AMOUNT_MESSAGE = 'Must be an amount of 0 or more with at most 5 decimals.';

function pieces(raw: unknown): number | undefined {
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_PIECES ? n : undefined;
}

function cashByDenomination(raw: Record<string, unknown>, errors: Record<string, string[]>): { amount: Decimal; denominations: Record<string, number> } {
  const denominations: Record<string, number> = {};
  let amount: Decimal = ZERO;
  for (const [value, count] of Object.entries(raw)) {
    const path = `counts.cash.denominations.${value}`;
    if (!(DENOMINATIONS as readonly string[]).includes(value)) {
      errors[path] = [`Not a colón denomination: use ${DENOMINATIONS.join(', ')}.`];
      continue;
    }
    const n = pieces(count);
    if (n === undefined) {
      errors[path] = [`Must be a whole number of pieces from 0 to ${MAX_PIECES}.`];
      continue;
    }
    denominations[value] = n;
    amount = amount.plus(new Dec(value).times(n));
  }
  return { amount, denominations };
}

function readCash(raw: unknown, errors: Record<string, string[]>): { amount: Decimal; denominations: Record<string, number> | null } {
  if (raw === undefined || raw === null) return { amount: ZERO, denominations: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    errors['counts.cash'] = ['Must be an object with the pieces per denomination (denominations) or the amount.'];
    return { amount: ZERO, denominations: null };
  }
  const cash = raw as Record<string, unknown>;
  if (cash['denominations'] !== undefined && cash['amount'] !== undefined) {
    errors['counts.cash'] = ['Give denominations or amount, not both.'];
    return { amount: ZERO, denominations: null };
  }
  const given = cash['denominations'];
  if (given !== undefined) {
    if (typeof given !== 'object' || given === null || Array.isArray(given)) {
      errors['counts.cash.denominations'] = ['Must be an object of pieces per denomination, e.g. "20000": 2.'];
      return { amount: ZERO, denominations: null };
    }
    return cashByDenomination(given as Record<string, unknown>, errors);
  }
  const amount = moneyAmount(cash['amount'] ?? 0);
  if (!amount) errors['counts.cash.amount'] = [AMOUNT_MESSAGE];
  return { amount: amount ?? ZERO, denominations: null };
}

/** Reads `counts` of POST /shifts/{id}/close; throws 422 with every problem. */
export function readCashCount(raw: unknown): CashCount {
  const errors: Record<string, string[]> = {};
  const counts = (raw ?? {}) as Record<string, unknown>;
  if (typeof counts !== 'object' || Array.isArray(counts)) throw validationError({ counts: ['Must be an object with cash, card, sinpe_movil, transfer and other.'] });
  for (const key of Object.keys(counts)) {
    if (!(PAYMENT_KEYS as readonly string[]).includes(key)) errors[`counts.${key}`] = [`Unknown method: use ${PAYMENT_KEYS.join(', ')}.`];
  }
  const cash = readCash(counts['cash'], errors);
  const amounts = { cash: cash.amount.toFixed(5) } as Record<PaymentKey, string>;
  for (const key of PAYMENT_KEYS) {
    if (key === 'cash') continue;
    const amount = moneyAmount(counts[key] ?? 0);
    if (!amount) errors[`counts.${key}`] = [AMOUNT_MESSAGE];
    amounts[key] = (amount ?? ZERO).toFixed(5);
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { amounts, denominations: cash.denominations };
}
