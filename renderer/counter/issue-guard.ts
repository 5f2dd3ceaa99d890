/**
 * The one check before a ticket is issued from the counter: cash received, when typed, must be readable
 * and cover the total, or the cashier confirms the shortfall first (a signed ticket cannot be taken back).
 * The total is the engine's (totals.ts): the debounced one when it answers these lines, else asked now.
 */
import type { StoreApi } from 'zustand';
import { readTendered, shortfall } from './cash.ts';
import type { CounterState } from './store.ts';
import type { TotalsState } from './totals.ts';

export interface ShortCash {
  received: string;
  total: string;
  missing: string;
}

/** `unreadable`: the amount received is refused as typed (its box says why); a ShortCash: ask first; null: issue. */
export type CashCheck = ShortCash | 'unreadable' | null;

async function totalOf(counter: CounterState, totals: StoreApi<TotalsState>): Promise<string | null> {
  const known = totals.getState();
  if (known.source === counter.lines && known.totals) return known.totals.total;
  await known.refresh(counter.draft(), counter.lines);
  const asked = totals.getState();
  return asked.source === counter.lines ? (asked.totals?.total ?? null) : null;
}

export async function cashCheck(counter: CounterState, totals: StoreApi<TotalsState>): Promise<CashCheck> {
  if (counter.payment !== 'cash' || counter.tendered.trim() === '' || counter.lines.length === 0) return null;
  const received = readTendered(counter.tendered);
  if (received === null) return 'unreadable';
  const total = await totalOf(counter, totals);
  const missing = shortfall(received, total);
  return missing !== null && total !== null ? { received, total, missing } : null;
}
