/**
 * The day's Z (docs/tills.md): every shift closed on a Costa Rica calendar day (UTC−6 all year), its
 * documents, movements and counts added up. Computed from the documents as they stand now, so a document
 * rejected after its shift closed leaves the day's figures (and is listed as excluded) while that shift's own
 * Z keeps what was counted against. A supervisor's report: the role gate refuses it to a cashier without an
 * approval (tills/role-abilities.ts).
 */
import { readCalendarDate } from '../domain/calendar-date.ts';
import { COSTA_RICA_OFFSET } from '../domain/costa-rica-time.ts';
import { parameterError } from '../domain/errors.ts';
import { Dec } from '../domain/money.ts';
import { PAYMENT_KEYS, type PaymentKey, type ShiftReport } from '../domain/shift-report.ts';
import { shiftsClosedBetween, type ShiftScope } from '../store/shifts.ts';
import type { CashCount } from './cash-count.ts';
import { collectFigures, storedCount } from './collect-figures.ts';
import type { ShiftDeps } from './shifts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** [start, end) of a Costa Rica day as ISO instants; undefined for a date that is not one. */
export function costaRicaDay(date: string): { from: string; to: string } | undefined {
  if (readCalendarDate(date) === undefined) return undefined;
  const start = new Date(`${date}T00:00:00${COSTA_RICA_OFFSET}`);
  return { from: start.toISOString(), to: new Date(start.getTime() + DAY_MS).toISOString() };
}

/** The counts of the day's shifts added up (a shift closed without counting by denomination adds its amount only). */
function addCounts(counts: (CashCount | null)[]): CashCount {
  const amounts = Object.fromEntries(PAYMENT_KEYS.map((k) => [k, new Dec(0)])) as Record<PaymentKey, Dec>;
  const denominations: Record<string, number> = {};
  let anyDenominations = false;
  for (const count of counts) {
    if (!count) continue;
    for (const k of PAYMENT_KEYS) amounts[k] = amounts[k].plus(count.amounts[k]);
    if (!count.denominations) continue;
    anyDenominations = true;
    for (const [value, n] of Object.entries(count.denominations)) denominations[value] = (denominations[value] ?? 0) + n;
  }
  return {
    amounts: Object.fromEntries(PAYMENT_KEYS.map((k) => [k, amounts[k].toFixed(5)])) as Record<PaymentKey, string>,
    denominations: anyDenominations ? denominations : null,
  };
}

export function dailyReport(deps: ShiftDeps, scope: ShiftScope, date: string): ShiftReport {
  const day = costaRicaDay(date);
  if (!day) throw parameterError('invalid_request', { date: ['Must be a date, YYYY-MM-DD.'] });
  const db = deps.store.db;
  const shifts = shiftsClosedBetween(db, scope, day.from, day.to);
  return collectFigures(db, scope.organizationId, shifts, { kind: 'day', date, generatedAt: deps.clock.now().toISOString(), count: addCounts(shifts.map(storedCount)) });
}
