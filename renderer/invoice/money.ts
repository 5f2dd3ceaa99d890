/** Amounts the server computed, as the shopkeeper reads them, with the currency's sign. Formatting only. */
import { formatAmount, type Language } from '../i18n/store.ts';

const SIGNS: Record<string, string> = { CRC: '₡', USD: '$', EUR: '€' };

export function money(language: Language, currency: string, amount: number): string {
  const sign = SIGNS[currency];
  return sign ? `${sign}${formatAmount(language, amount)}` : `${currency} ${formatAmount(language, amount)}`;
}
