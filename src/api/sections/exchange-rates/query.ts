/**
 * The query parameters of /exchange-rates read into checked values, or the spec's 400 errors:
 * `missing_date`, `invalid_date`, `future_date`, `invalid_currency`, `missing_params`
 * (docs/exchange-rates.md). Dates are `YYYY-MM-DD`; "future" is after today in Costa Rica.
 */
import { readCurrencyCode } from '../../../exchange-rates/currencies.ts';
import { daysBetween, readCalendarDate } from '../../../exchange-rates/dates.ts';
import { AppError } from '../../../domain/errors.ts';

/** The longest range GET /exchange-rates/historical answers at once (a leap year). */
export const MAX_RANGE_DAYS = 366;

/** A currency parameter; `fallback` when absent, or `missing_params` when it has none. */
export function currencyParam(value: string | undefined, field: string, fallback?: string): string {
  if (value === undefined || value.trim() === '') {
    if (fallback !== undefined) return fallback;
    throw new AppError('missing_params', 400, `Give ${field}, an ISO 4217 currency code such as USD, EUR or CRC.`);
  }
  const code = readCurrencyCode(value);
  if (!code) throw new AppError('invalid_currency', 400, `${field} must be an ISO 4217 currency code such as USD, EUR or CRC; got "${value}".`);
  return code;
}

/** A date parameter: a real calendar date, not after `today`. */
export function dateParam(value: string, field: string, today: string): string {
  const date = readCalendarDate(value.trim());
  if (!date) throw new AppError('invalid_date', 400, `${field} must be a calendar date written YYYY-MM-DD; got "${value}".`);
  if (date > today) throw new AppError('future_date', 400, `${field} ${date} is in the future: the last rate is today's (${today}, Costa Rica).`);
  return date;
}

/** An optional date parameter (absent or empty: undefined, meaning the current rate). */
export function optionalDateParam(value: string | undefined, field: string, today: string): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : dateParam(value, field, today);
}

export type HistoricalDates = { date: string } | { from: string; to: string };

/** GET /exchange-rates/historical: `date`, or `from` and `to` (a range of at most MAX_RANGE_DAYS). */
export function historicalDates(query: { date?: string; from?: string; to?: string }, today: string): HistoricalDates {
  const [date, from, to] = [query.date, query.from, query.to].map((v) => (v?.trim() === '' ? undefined : v));
  if (date !== undefined) {
    if (from !== undefined || to !== undefined) throw new AppError('invalid_request', 400, 'Give either date, or from and to; not both.');
    return { date: dateParam(date, 'date', today) };
  }
  if (from === undefined && to === undefined) throw new AppError('missing_date', 400, 'Give date (YYYY-MM-DD), or from and to for a range.');
  if (from === undefined || to === undefined) throw new AppError('missing_date', 400, `Give ${from === undefined ? 'from' : 'to'} too: a range needs both ends.`);
  const range = { from: dateParam(from, 'from', today), to: dateParam(to, 'to', today) };
  const days = daysBetween(range.from, range.to) + 1;
  if (days < 1) throw new AppError('invalid_date', 400, `from ${range.from} is after to ${range.to}.`);
  if (days > MAX_RANGE_DAYS) throw new AppError('invalid_date', 400, `A range covers at most ${MAX_RANGE_DAYS} days; ${range.from} to ${range.to} is ${days}.`);
  return range;
}
