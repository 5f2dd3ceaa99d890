/** Calendar dates (`YYYY-MM-DD`) as people type them: real dates only. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The date if `text` is exactly a real `YYYY-MM-DD` calendar date, else undefined: `2026-02-30`, `2026-2-3`
 * and date-times are refused rather than rolled over or truncated.
 */
export function readCalendarDate(text: string): string | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  const utc = new Date(Date.UTC(year, month - 1, day));
  return utc.getUTCDate() === day && utc.getUTCMonth() === month - 1 ? text : undefined;
}
