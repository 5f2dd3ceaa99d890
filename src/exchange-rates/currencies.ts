/**
 * Which currencies the exchange-rate API knows and which it can price. Rates are colones (CRC) per unit;
 * the tax authority's indicators publish the US dollar and the euro, and nothing else has a source that
 * works offline (docs/exchange-rates.md).
 */
import { currencies } from '../domain/codes.ts';

/** The colón: every rate is expressed in it, and its own rate is 1 by definition. */
export const LOCAL_CURRENCY = 'CRC';

/** Currencies the indicators endpoint publishes. */
export const PUBLISHED_CURRENCIES = ['USD', 'EUR'] as const;
export type PublishedCurrency = (typeof PUBLISHED_CURRENCIES)[number];

export function isPublishedCurrency(code: string): code is PublishedCurrency {
  return (PUBLISHED_CURRENCIES as readonly string[]).includes(code);
}

/**
 * The ISO 4217 code written in any case (`usd` → `USD`), or undefined when it is not one: the list is
 * the one the v4.4 XSDs accept for CodigoMoneda (Nota 13.1), so a rate can be asked for any currency a
 * document may carry.
 */
export function readCurrencyCode(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) && Object.hasOwn(currencies.codes, code) ? code : undefined;
}
