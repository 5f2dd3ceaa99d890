/**
 * The close's count: how many of each colón note and coin are in the drawer, and what the card, SINPE Móvil
 * and transfer vouchers add up to. The amounts are the shopkeeper's, summed in exact decimals on strings
 * (shared/decimal.ts) to show the cash counted before anything is sent; the server sums them again and
 * decides the expected amounts and the differences.
 */
import { add, compare, multiply, subtract, typedValue } from '../shared/decimal.ts';
import type { CloseCounts } from './types.ts';

/** Colón notes then coins, largest first, as a drawer is counted. */
export const NOTES = ['20000', '10000', '5000', '2000', '1000'] as const;
export const COINS = ['500', '100', '50', '25', '10', '5'] as const;
export const DENOMINATIONS = [...NOTES, ...COINS] as const;

/** What the close form holds: each denomination's typed count, and the other methods' typed amounts. */
export interface CountDraft {
  pieces: Record<string, string>;
  card: string;
  sinpe_movil: string;
  transfer: string;
}

export const EMPTY_COUNT: CountDraft = { pieces: {}, card: '', sinpe_movil: '', transfer: '' };

/** The most pieces of one denomination the server takes (src/tills/cash-count.ts): more is a typing slip. */
export const MAX_PIECES = 100_000;

/** A typed number of pieces: '' is none; anything but whole digits, or more than MAX_PIECES, is unreadable (null). */
export function pieceCount(typed: string | undefined): number | null {
  const text = (typed ?? '').trim();
  if (text === '') return 0;
  if (!/^\d{1,6}$/.test(text)) return null;
  const count = Number(text);
  return count <= MAX_PIECES ? count : null;
}

/** The cash in the drawer: the sum of each denomination times its count; null while a count is unreadable. */
export function cashCounted(pieces: Record<string, string>): string | null {
  let total = '0';
  for (const value of DENOMINATIONS) {
    const count = pieceCount(pieces[value]);
    if (count === null) return null;
    if (count > 0) total = add(total, multiply(value, String(count)));
  }
  return total;
}

/** A typed amount ('' is zero); null when unreadable (shared/decimal.ts readTyped's rules). */
export function typedAmount(typed: string): string | null {
  return typed.trim() === '' ? '0' : typedValue(typed);
}

/** The first field that cannot be read, to point at it; undefined when the whole count can be sent. */
export function countProblem(draft: CountDraft): string | undefined {
  const piece = DENOMINATIONS.find((value) => pieceCount(draft.pieces[value]) === null);
  if (piece) return `piece-${piece}`;
  return (['card', 'sinpe_movil', 'transfer'] as const).find((method) => typedAmount(draft[method]) === null);
}

/** POST /shifts/{id}/close's `counts`: the denominations counted (none typed left out), the other methods' amounts. */
export function closeCounts(draft: CountDraft): CloseCounts {
  const denominations: Record<string, number> = {};
  for (const value of DENOMINATIONS) {
    const count = pieceCount(draft.pieces[value]);
    if (count) denominations[value] = count;
  }
  return {
    cash: { denominations },
    card: typedAmount(draft.card) ?? '0',
    sinpe_movil: typedAmount(draft.sinpe_movil) ?? '0',
    transfer: typedAmount(draft.transfer) ?? '0',
  };
}

/** Counted less expected: positive is over, negative short. */
export function difference(counted: string, expected: string): string {
  return subtract(counted, expected);
}

export type Balance = 'even' | 'over' | 'short';

export function balanceOf(diff: string): Balance {
  const sign = compare(diff, '0');
  return sign === 0 ? 'even' : sign > 0 ? 'over' : 'short';
}
