/**
 * Calendar dates (`YYYY-MM-DD`) of the exchange-rate API. Rates are published per Costa Rica calendar
 * day, so "today" and "in the future" are Costa Rica's, whatever the machine's time zone.
 */
import { formatCostaRicaDateTime } from '../domain/costa-rica-time.ts';
import { readCalendarDate } from '../domain/calendar-date.ts';

export { readCalendarDate };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant's calendar date in Costa Rica. */
export function costaRicaToday(now: Date): string {
  return formatCostaRicaDateTime(now).slice(0, 10);
}

/** The date of a rate as the tax authority writes it (`2019-10-24T00:00:00-06:00`, `2019-12-01 00:00:00`). */
export function datePartOf(value: unknown): string | undefined {
  return typeof value === 'string' ? readCalendarDate(value.trim().slice(0, 10)) : undefined;
}

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return dateOf(dayNumber(date) + days);
}

/** Every date from `from` to `to`, both included (empty when `from` is after `to`). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day++) dates.push(dateOf(day));
  return dates;
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}
