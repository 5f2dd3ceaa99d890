/**
 * Amounts as the shopkeeper reads them: the currency's sign and always two decimals in the screen's
 * language (₡3 073,60 in Spanish, ₡3,073.60 in English). Rounded half up from the decimal text itself
 * (shared/decimal.ts), never through a binary float; formatting only: the exact five decimals stay in the
 * document.
 */
import type { Language } from '../i18n/store.ts';
import { decimalOf, round } from './decimal.ts';

const LOCALE: Record<Language, string> = { es: 'es-CR', en: 'en-US' };
const SIGNS: Record<string, string> = { CRC: '₡', USD: '$', EUR: '€' };

function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** `amount` is decimal text ("1695.5") or an API JSON number; an unreadable text is shown as it came. */
export function formatMoney(language: Language, amount: string | number, currency = 'CRC'): string {
  const text = typeof amount === 'number' ? decimalOf(amount) : amount.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const [whole, fraction = ''] = round(`${m[2]}${m[3] ? `.${m[3]}` : ''}`, 2).split('.');
  const locale = LOCALE[language];
  const digits = `${BigInt(whole!).toLocaleString(locale)}${decimalSeparator(locale)}${fraction.padEnd(2, '0')}`;
  const sign = SIGNS[currency];
  const negative = m[1] === '-' && /[1-9]/.test(whole! + fraction);
  return `${negative ? '−' : ''}${sign ? `${sign}${digits}` : `${currency} ${digits}`}`;
}
