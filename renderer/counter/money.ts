/**
 * Colones as the shopkeeper reads them (es-CR: ₡3 030,50; en: ₡3,030.50), straight from decimal text:
 * the digits shown are the digits computed, never a binary float's approximation of them.
 */
import type { Language } from '../i18n/store.ts';

const LOCALE: Record<Language, string> = { es: 'es-CR', en: 'en-US' };

function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** `amount` is decimal text ("1695.5"); shown with its decimals, at least two when it has any. */
export function formatMoney(language: Language, amount: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) return amount;
  const locale = LOCALE[language];
  const whole = BigInt(m[2]!).toLocaleString(locale);
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  return `${m[1]}₡${whole}${fraction ? decimalSeparator(locale) + fraction.padEnd(2, '0') : ''}`;
}
