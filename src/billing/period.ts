/**
 * The billing period: the calendar month in Costa Rica time (UTC-06:00 all year), because that is the
 * month a Costa Rican taxpayer reports in. The end is exclusive: the first instant of the next month.
 */
import { costaRicaParts, formatCostaRicaDateTime } from '../domain/costa-rica-time.ts';

const OFFSET_MS = -6 * 60 * 60 * 1000;

export interface BillingPeriod {
  start: Date;
  end: Date; // exclusive
}

/** Midnight in Costa Rica of the first day of the month (month may overflow into the next year). */
function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month - 1, 1) - OFFSET_MS);
}

export function billingPeriod(now: Date): BillingPeriod {
  const { year, month } = costaRicaParts(now);
  return { start: monthStart(year, month), end: monthStart(year, month + 1) };
}

/** `2026-03-01T00:00:00-06:00`: the period bounds as a Costa Rican reads them. */
export const formatPeriodBound = formatCostaRicaDateTime;
