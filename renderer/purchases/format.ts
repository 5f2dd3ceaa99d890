/** Days as the shopkeeper reads them, from the API's YYYY-MM-DD (no time zone shift). */
import type { Language } from '../i18n/store.ts';

const LOCALE: Record<Language, string> = { es: 'es-CR', en: 'en-US' };

function day(language: Language, ymd: string, dateStyle: 'long' | 'short'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!m) return ymd;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString(LOCALE[language], { dateStyle, timeZone: 'UTC' });
}

/** "8 de diciembre de 2026". */
export const dayText = (language: Language, ymd: string): string => day(language, ymd, 'long');

/** A short day for the list's columns: 08/12/2026 (es), 12/08/2026 (en). */
export const shortDay = (language: Language, ymd: string): string => day(language, ymd, 'short');
