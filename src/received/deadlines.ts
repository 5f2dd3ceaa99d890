/**
 * Which pending documents are near their answer deadline, counted in business days as answer-deadline.ts counts
 * them (today included when it is one): the screen's banner (GET /received-documents/deadlines) and the
 * e-mail digest's choice. A deadline is within `days` business days when it falls before the day on which
 * `days + 1` business days would have gone by; that one date turns the question into an indexed comparison.
 */
import { CalendarGapError, type BusinessCalendar } from '../domain/business-days.ts';
import { costaRicaDate } from '../domain/costa-rica-time.ts';
import { nearestPending, pendingCounts, type PendingDocument } from '../store/received-deadlines.ts';
import type { Scope } from '../store/received-documents.ts';
import { CLOSING_BUSINESS_DAYS } from './answer-deadline.ts';
import { settle, type QueryDependencies } from './received-queries.ts';

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * The first day from `today` on whose start more than `days` business days remain: a last day before it has at
 * most `days` business days left. Past the calendar's years no day is counted (no guess moves a deadline).
 */
export function withinCutoff(today: string, days: number, calendar: BusinessCalendar): string {
  let day = today;
  let counted = 0;
  try {
    while (true) {
      if (calendar.isBusinessDay(day) && ++counted > days) return day;
      day = nextDay(day);
    }
  } catch (error) {
    if (error instanceof CalendarGapError) return day;
    throw error;
  }
}

/** Business days left until `lastDay`, today included when it is one. */
export function businessDaysLeft(today: string, lastDay: string, calendar: BusinessCalendar): number {
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  try {
    return calendar.businessDaysBetween(yesterday, lastDay);
  } catch (error) {
    if (error instanceof CalendarGapError) return 0;
    throw error;
  }
}

export interface DeadlineBanner {
  /** Documents awaiting an answer. */
  pending: number;
  /** Of those, the ones with CLOSING_BUSINESS_DAYS business days or fewer left. */
  closing: number;
  nextDue: string | null;
  /** Up to `limit` of them, nearest deadline first. */
  documents: (PendingDocument & { deadline: 'open' | 'closing' })[];
}

/** What the screen's banner shows; silence is settled first, so nothing shown has already passed. */
export function deadlineBanner(deps: QueryDependencies & { calendar: BusinessCalendar }, scope: Scope, limit = 10): DeadlineBanner {
  settle(deps, scope);
  const cutoff = withinCutoff(costaRicaDate(deps.clock.now()), CLOSING_BUSINESS_DAYS, deps.calendar);
  const counts = pendingCounts(deps.store.db, scope, cutoff);
  const documents = nearestPending(deps.store.db, scope, limit)
    .map((d) => ({ ...d, deadline: d.answerDue < cutoff ? 'closing' as const : 'open' as const }));
  return { pending: counts.pending, closing: counts.dueBefore, nextDue: documents[0]?.answerDue ?? null, documents };
}
