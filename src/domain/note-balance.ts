/**
 * The remaining balance of a document (docs/documents-api.md, "Balances"): what is still billed on an
 * invoice, ticket, export invoice or standalone debit note once its notes are counted. A credit note (03)
 * lowers the balance of the document it references and may never take it below zero; a debit note (02)
 * raises it. A note on a note moves the balance the referenced note moved (a credit note on a debit note
 * given on an invoice lowers the invoice's). Pure arithmetic on decimals: the store keeps the numbers,
 * issuing checks them, both with these rules.
 */
import type { Decimal } from 'decimal.js';
import { Dec, ZERO, round5 } from './money.ts';

/** Types that carry a balance of their own: the ones a note or a void is issued against. */
export const BALANCE_TYPES: ReadonlySet<string> = new Set(['01', '02', '04', '09']);
/** Notes, which move a referenced document's balance. */
export const NOTE_TYPES: ReadonlySet<string> = new Set(['02', '03']);
/** A note in these statuses never reached the tax authority's books: its amount is given back. */
export const RELEASED_STATUSES: ReadonlySet<string> = new Set(['rejected', 'error']);
/**
 * Less than one céntimo (or cent) left by a credit note counts as settled: a void whose lines cannot add
 * up to the remainder to the last of the XML's five decimals (VAT rounding) still closes the document.
 */
export const SETTLE_BELOW = new Dec('0.01');

/** A stored document as far as balances go (amounts as the store keeps them: decimal text). */
export interface BalanceRow {
  id: number;
  documentType: string;
  currency: string;
  exchangeRate: string | null;
  totalAmount: string;
  balance: string | null;
  balanceDocumentId: number | null;
}

export interface Money {
  currency: string;
  /** Colones per unit; 1 (or null) for colones. */
  exchangeRate: Decimal | string | null;
}

/** The balance a new document starts with: its total on the types that carry one, else none. */
export function openingBalance(documentType: string, total: Decimal, movesAnother: boolean): string | null {
  return BALANCE_TYPES.has(documentType) && !movesAnother ? total.toFixed(5) : null;
}

/**
 * The document whose balance a note referencing `referenced` moves: the one a referenced note moved, or
 * the referenced document itself when it carries a balance; none for anything else (a credit note that
 * moved nothing, a receiver message, a purchase invoice).
 */
export function balanceHolderId(referenced: Pick<BalanceRow, 'id' | 'balance' | 'balanceDocumentId'>): number | undefined {
  if (referenced.balanceDocumentId !== null) return referenced.balanceDocumentId;
  return referenced.balance !== null ? referenced.id : undefined;
}

/** `amount` in `from`'s currency as an amount in `to`'s, through colones (5 decimals) when they differ. */
export function convert(amount: Decimal, from: Money, to: Money): Decimal {
  if (from.currency === to.currency) return amount;
  const rate = (m: Money) => new Dec(m.exchangeRate === null ? 1 : m.exchangeRate.toString());
  return round5(amount.mul(rate(from)).div(rate(to)));
}

/** A note's signed effect on its holder's balance, in the holder's currency: credit notes lower it. */
export function noteEffect(noteType: string, total: Decimal, note: Money, holder: Money): Decimal {
  const amount = convert(total, note, holder);
  return noteType === '03' && !amount.isZero() ? amount.negated() : amount; // never -0 (a void of a gift)
}

/**
 * The holder's balance after a note: undefined when a credit note would take it below zero. A credit
 * note leaving less than SETTLE_BELOW settles it to zero, and its effect becomes the whole balance (so a
 * rejection gives back exactly what it took).
 */
export function applyEffect(balance: Decimal, effect: Decimal): { balance: Decimal; effect: Decimal } | undefined {
  const next = balance.plus(effect);
  if (effect.isNegative() && next.isNegative()) return undefined;
  if (effect.isNegative() && next.greaterThan(ZERO) && next.lessThan(SETTLE_BELOW)) return { balance: ZERO, effect: balance.negated() };
  return { balance: next, effect };
}

/** What can still be credited on a document: its own balance, or for a note that moved another's, its total up to that balance. */
export function available(row: BalanceRow, holder: BalanceRow | undefined): Decimal | undefined {
  if (!BALANCE_TYPES.has(row.documentType)) return undefined;
  if (row.balance !== null) return new Dec(row.balance);
  if (row.balanceDocumentId === null || !holder || holder.balance === null) return undefined;
  const own = new Dec(row.totalAmount);
  const left = convert(new Dec(holder.balance), money(holder), money(row));
  const least = own.lessThan(left) ? own : left;
  return least.isNegative() ? ZERO : least;
}

export const money = (row: Pick<BalanceRow, 'currency' | 'exchangeRate'>): Money => ({ currency: row.currency, exchangeRate: row.exchangeRate });
