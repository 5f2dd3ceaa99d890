/**
 * Costa Rica's holidays as data (resources/catalogs/holidays.tsv: date, kind, name), made into the business
 * calendar that receivers' answer deadlines count on. Kinds: `paid` and `unpaid` holidays (Código de Trabajo
 * art. 148 and the laws that moved or added days) close the tax authority's offices and count; `public-sector`
 * days off (Holy Week Monday to Wednesday) count only when the organization says so, since whether they do is
 * not settled (RECEIVING-AND-VAT.md).
 */
import { readFileSync } from 'node:fs';
import { BusinessCalendar } from '../domain/business-days.ts';
import { resourcePath } from '../paths.ts';

export type HolidayKind = 'paid' | 'unpaid' | 'public-sector';

export interface Holiday {
  date: string;
  kind: HolidayKind;
  name: string;
}

const KINDS: ReadonlySet<string> = new Set(['paid', 'unpaid', 'public-sector']);

/** Reads the TSV, refusing a malformed row rather than silently shortening a deadline. */
export function parseHolidays(text: string): Holiday[] {
  return text.split('\n').filter((line) => line.trim() !== '').map((line, index) => {
    const [date, kind, name] = line.split('\t');
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !kind || !KINDS.has(kind) || !name) {
      throw new Error(`holidays.tsv line ${index + 1} is malformed: ${JSON.stringify(line)}`);
    }
    return { date, kind: kind as HolidayKind, name };
  });
}

let shipped: Holiday[] | undefined;

export function shippedHolidays(): Holiday[] {
  shipped ??= parseHolidays(readFileSync(resourcePath('catalogs', 'holidays.tsv'), 'utf8'));
  return shipped;
}

/** The calendar covers the years the data lists, first to last. */
export function businessCalendar(holidays: Holiday[], options: { publicSectorDaysOff?: boolean } = {}): BusinessCalendar {
  const counted = holidays.filter((h) => h.kind !== 'public-sector' || options.publicSectorDaysOff);
  const years = holidays.map((h) => Number(h.date.slice(0, 4)));
  return new BusinessCalendar(new Set(counted.map((h) => h.date)), { first: Math.min(...years), last: Math.max(...years) });
}
