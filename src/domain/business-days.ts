/**
 * Business days in Costa Rica: Monday to Friday, less the holidays of a calendar that is data
 * (resources/catalogs/holidays.tsv, read by catalogs/holidays.ts), so that an update extends it without code.
 * A calendar knows which years it covers: outside them it cannot say whether a weekday is a holiday, and says so.
 */

/** Thrown for a date in a year the calendar does not cover: a guess would move a legal deadline. */
export class CalendarGapError extends Error {
  constructor(readonly year: number) {
    super(`the holiday calendar does not cover ${year}`);
    this.name = 'CalendarGapError';
  }
}

function isoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export class BusinessCalendar {
  constructor(
    private readonly holidays: ReadonlySet<string>,
    readonly years: { first: number; last: number },
  ) {}

  covers(year: number): boolean {
    return year >= this.years.first && year <= this.years.last;
  }

  /** Whether `YYYY-MM-DD` is a business day (a weekday that is no holiday). */
  isBusinessDay(date: string): boolean {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    if (!this.covers(year)) throw new CalendarGapError(year);
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    return weekday !== 0 && weekday !== 6 && !this.holidays.has(date);
  }

  /** The `n`th business day (1-based) of a month, as `YYYY-MM-DD`. */
  nthBusinessDay(year: number, month: number, n: number): string {
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    let count = 0;
    for (let day = 1; day <= days; day++) {
      const date = isoDate(year, month, day);
      if (this.isBusinessDay(date) && ++count === n) return date;
    }
    throw new RangeError(`${year}-${month} has fewer than ${n} business days`);
  }

  /** Business days from the day after `from` up to and including `to` (0 when `to` is not later). */
  businessDaysBetween(from: string, to: string): number {
    let count = 0;
    for (let t = Date.parse(`${from}T00:00:00Z`) + 86_400_000; t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      if (this.isBusinessDay(new Date(t).toISOString().slice(0, 10))) count++;
    }
    return count;
  }
}
