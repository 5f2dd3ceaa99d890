/**
 * What the exchange-rate service answers, before the API shapes it: a quote (colones per unit) with where
 * it came from, or the reason there is none. Shared by the reference policy and the service above it.
 */
import { Dec } from '../domain/money.ts';
import type { ExchangeRateRow } from '../store/exchange-rates.ts';
import { COLON_QUOTE, type Quote } from './cross-rate.ts';

/**
 * The reference rate's entity: the central bank sets it, the tax authority publishes it (stored rows:
 * entity `bccr`, source `hacienda`). A request may name it `bccr` or `hacienda`.
 */
export const REFERENCE_ENTITY = 'bccr';
const REFERENCE_ALIASES = new Set([REFERENCE_ENTITY, 'hacienda']);

/** Spec `source`: `hacienda` / `bccr` reference, `ventanilla` an authorized entity's rate, `mercado` other currencies. */
export type RateSource = 'hacienda' | 'bccr' | 'ventanilla' | 'mercado';

/** What every answer carries: a rate (or why there is none) and how it was found. */
export interface Answered {
  /** The day of the rate used; for an unavailable rate, the day asked for. */
  date: string;
  /** Absent when no rate is available (`note` says why). */
  quote?: Quote;
  entity: string;
  source: RateSource | 'unavailable';
  note?: string;
  /** A stored value answered in place of the source's word for the day asked (`staleReason` says why). */
  stale: boolean;
  staleReason?: string;
  /** The requested entity had no rate: the reference answered. */
  fallback: boolean;
}

/** A currency's rate: colones per unit. */
export interface RateAnswer extends Answered {
  currency: string;
}

/** An entity as stored: lower case, and the reference under one name. */
export function entityKey(entity: string | undefined): string {
  const key = (entity ?? REFERENCE_ENTITY).trim().toLowerCase();
  return REFERENCE_ALIASES.has(key) ? REFERENCE_ENTITY : key;
}

export function rowAnswer(row: ExchangeRateRow, staleReason?: string): RateAnswer {
  return {
    currency: row.currency,
    date: row.date,
    quote: { buy: new Dec(row.buy), sell: new Dec(row.sell) },
    entity: row.entity,
    source: row.source as RateSource,
    stale: staleReason !== undefined,
    ...(staleReason === undefined ? {} : { staleReason }),
    fallback: false,
  };
}

/** The colón in colones: 1, by definition (the central bank issues it), on any day. */
export function colonAnswer(date: string): RateAnswer {
  return { currency: 'CRC', date, quote: COLON_QUOTE, entity: REFERENCE_ENTITY, source: 'bccr', stale: false, fallback: false };
}

export function unavailableAnswer(currency: string, date: string, note: string): RateAnswer {
  return { currency, date, entity: REFERENCE_ENTITY, source: 'unavailable', note, stale: false, fallback: false };
}
