/**
 * Costa Rica keeps UTC-06:00 all year (no daylight saving), so local dates and times are a fixed shift.
 * Hacienda documents carry times with that offset (FechaEmision, SigningTime) and the clave carries the
 * local issue date.
 */

const OFFSET_MS = -6 * 60 * 60 * 1000;
export const COSTA_RICA_OFFSET = '-06:00';

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Local calendar parts in Costa Rica of an instant. */
export function costaRicaParts(instant: Date): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const local = new Date(instant.getTime() + OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The Costa Rica calendar date of an instant, `YYYY-MM-DD`. */
export function costaRicaDate(instant: Date): string {
  const p = costaRicaParts(instant);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/** xs:dateTime in Costa Rica time, whole seconds: `2026-03-15T10:30:00-06:00`. */
export function formatCostaRicaDateTime(instant: Date): string {
  const p = costaRicaParts(instant);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}${COSTA_RICA_OFFSET}`;
}

/** The DDMMYY of the clave: the Costa Rica calendar date of the instant. */
export function claveDate(instant: Date): string {
  const p = costaRicaParts(instant);
  return pad2(p.day) + pad2(p.month) + pad2(p.year % 100);
}

/**
 * Parses an RFC 3339 date-time that carries a time zone (`Z` or `±hh:mm`). Returns undefined for
 * anything else: a date-time without zone is ambiguous and the spec requires one.
 */
export function parseZonedDateTime(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(m[6] ?? 0) > 59) {
    return undefined;
  }
  const date = new Date(text.trim().replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return undefined;
  // Reject dates that the Date constructor silently rolled over (e.g. 31 February).
  const utcDay = new Date(Date.UTC(Number(y), month - 1, day));
  if (utcDay.getUTCDate() !== day) return undefined;
  return date;
}
