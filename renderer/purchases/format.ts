/** Days as the shopkeeper reads them: "8 de diciembre de 2026", from the API's YYYY-MM-DD (no time zone shift). */
import type { Language } from '../i18n/store.ts';

const LOCALE: Record<Language, string> = { es: 'es-CR', en: 'en-US' };

export function dayText(language: Language, ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!m) return ymd;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString(LOCALE[language], { dateStyle: 'long', timeZone: 'UTC' });
}

/** A short day for the list's columns: 08/12/2026 (es), 12/08/2026 (en). */
export function shortDay(language: Language, ymd: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!m) return ymd;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString(LOCALE[language], { dateStyle: 'short', timeZone: 'UTC' });
}
