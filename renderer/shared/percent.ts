/** A product's VAT as the shopkeeper reads it: "13 %", never the rate code "08" (prices: shared/money.ts). */
import type { Language } from '../i18n/store.ts';

/** A VAT percentage given as decimal text ("13", "0.5") with the language's decimal mark. */
export function percentText(language: Language, rate: string | number): string {
  const text = String(rate);
  return `${language === 'es' ? text.replace('.', ',') : text} %`;
}
