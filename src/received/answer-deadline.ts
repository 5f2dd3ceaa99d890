/**
 * When a supplier's document must be answered: within the first 8 business days of the month after the month of
 * the transaction (DGT-R-48-2016 art. 10 as amended in 2019; the transaction's month, not the day the mail came).
 * Past it the document is presumed fully accepted (Decreto 44739-H art. 20): tacit acceptance, not a lost credit.
 * Received credit notes are not confirmed at all, and a ticket names no receiver to confirm it.
 */
import type { BusinessCalendar } from '../domain/business-days.ts';
import { costaRicaDate, costaRicaParts } from '../domain/costa-rica-time.ts';

/** Business days of the following month in which the receiver may answer. */
export const ANSWER_WINDOW_BUSINESS_DAYS = 8;
/** From this many business days left, a document is shown first and announced. */
export const CLOSING_BUSINESS_DAYS = 3;

const DAY_MS = 86_400_000;

export interface AnswerDeadline {
  /** `YYYY-MM`, the Costa Rica month of FechaEmision. */
  transactionMonth: string;
  /** `YYYY-MM-DD`, the last day on which an answer is on time. */
  lastDay: string;
  /** The instant the window closes: midnight after the last day, Costa Rica time. */
  closesAt: Date;
}

export type DeadlineState = 'open' | 'closing' | 'passed';

/** Document types whose receiver confirms them: invoices (01) and debit notes (02). */
export function isAnswerable(documentType: string): boolean {
  return documentType === '01' || documentType === '02';
}

export function answerDeadline(issuedAt: Date, calendar: BusinessCalendar): AnswerDeadline {
  const { year, month } = costaRicaParts(issuedAt);
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  const lastDay = calendar.nthBusinessDay(nextYear, nextMonth, ANSWER_WINDOW_BUSINESS_DAYS);
  return {
    transactionMonth: `${year}-${String(month).padStart(2, '0')}`,
    lastDay,
    closesAt: closingInstant(lastDay),
  };
}

/** Midnight after the last day, Costa Rica time: when the window closes. */
function closingInstant(lastDay: string): Date {
  return new Date(Date.parse(`${lastDay}T00:00:00-06:00`) + DAY_MS);
}

/**
 * Open, closing (at most CLOSING_BUSINESS_DAYS business days left, today included) or passed, from the last day
 * alone (a received document keeps it as `answer_due`).
 */
export function deadlineState(deadline: Pick<AnswerDeadline, 'lastDay'>, now: Date, calendar: BusinessCalendar): DeadlineState {
  if (now.getTime() >= closingInstant(deadline.lastDay).getTime()) return 'passed';
  const today = costaRicaDate(now);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  const left = calendar.businessDaysBetween(yesterday, deadline.lastDay);
  return left <= CLOSING_BUSINESS_DAYS ? 'closing' : 'open';
}
