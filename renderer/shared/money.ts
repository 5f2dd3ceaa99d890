/**
 * Amounts and other decimals as the shopkeeper reads them, in the screen's language: money with the
 * currency's sign and always two decimals (₡3 073,60 in Spanish, ₡3,073.60 in English); any other number
 * (an exchange rate, a VAT rate, a count) with the decimals it has, five at most (506,83). Rounded half up
 * from the decimal text itself (shared/decimal.ts), never through a binary float; formatting only: the
 * exact five decimals stay in the document.
 */
import type { Language } from '../i18n/store.ts';
import { decimalOf, round } from './decimal.ts';

const LOCALE: Record<Language, string> = { es: 'es-CR', en: 'en-US' };
const SIGNS: Record<string, string> = { CRC: '₡', USD: '$', EUR: '€' };
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

interface Written {
  /** Below zero once rounded (−0,00 is written 0,00). */
  negative: boolean;
  /** The whole part, grouped the language's way. */
  whole: string;
  /** The rounded decimals, without trailing zeros. */
  fraction: string;
  separator: string;
}

/** `amount` (decimal text or an API JSON number) rounded to `places`; the text as it came when unreadable. */
function write(language: Language, amount: string | number, places: number): Written | string {
  const text = typeof amount === 'number' ? decimalOf(amount) : amount.trim();
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return text;
  const [whole, fraction = ''] = round(`${m[2]}${m[3] ? `.${m[3]}` : ''}`, places).split('.');
  const locale = LOCALE[language];
  return { negative: m[1] === '-' && /[1-9]/.test(whole! + fraction), whole: BigInt(whole!).toLocaleString(locale), fraction, separator: decimalSeparator(locale) };
}

/** Money: the currency's sign (or its code) and two decimals. */
export function formatMoney(language: Language, amount: string | number, currency = 'CRC'): string {
  const w = write(language, amount, 2);
  if (typeof w === 'string') return w;
  const digits = `${w.whole}${w.separator}${w.fraction.padEnd(2, '0')}`;
  const sign = SIGNS[currency];
  return `${w.negative ? '−' : ''}${sign ? `${sign}${digits}` : `${currency} ${digits}`}`;
}

/** Any other number: the decimals it has, at most five, and no sign of a currency. */
export function formatNumber(language: Language, value: string | number): string {
  const w = write(language, value, 5);
  if (typeof w === 'string') return w;
  return `${w.negative ? '-' : ''}${w.whole}${w.fraction ? `${w.separator}${w.fraction}` : ''}`;
}
