/**
 * The exchange-rate service behind /exchange-rates: a currency's rate on a day or over a range, a
 * currency pair crossed through the colón, and the rate per entity. Every rate is colones per unit.
 *
 * The reference chain: an authorized entity's own stored rate (`ventanilla`) when one is asked for and
 * stored, else the reference rate (reference-rates.ts) with `fallback`. The colón is 1; other ISO
 * currencies have no source and answer `unavailable` (docs/exchange-rates.md).
 */
import { exchangeRatesBetween, findExchangeRate, exchangeRatesOn } from '../store/exchange-rates.ts';
import { colonAnswer, entityKey, REFERENCE_ENTITY, rowAnswer, unavailableAnswer, type Answered, type RateAnswer, type RateSource } from './answers.ts';
import { COLON_QUOTE, crossQuote, type Quote } from './cross-rate.ts';
import { isPublishedCurrency, LOCAL_CURRENCY } from './currencies.ts';
import { addDays, datesBetween } from './dates.ts';
import { ReferenceRates, type ReferenceRatesOptions } from './reference-rates.ts';

/** A pair's rate: units of `to` per unit of `from` (no quote when a leg is unavailable). */
export interface PairAnswer extends Answered {
  from: string;
  to: string;
}

/** One entity's rate on a day (ExchangeRateEntity). */
export interface EntityRate {
  entity: string;
  provider: RateSource;
  date: string;
  quote: Quote;
  stale: boolean;
}

export class ExchangeRates {
  private readonly reference: ReferenceRates;

  constructor(private readonly options: ReferenceRatesOptions) {
    this.reference = new ReferenceRates(options);
  }

  /** Today in Costa Rica: the rates' calendar. */
  today(): string {
    return this.reference.today();
  }

  /** A currency's rate on a day (undefined or today: the current rate), from `entity` if it has one. */
  rate(currency: string, day?: string, entity?: string): Promise<RateAnswer> {
    return this.resolve(currency, day ?? this.today(), entityKey(entity), true);
  }

  /**
   * The rate of every day from `from` to `to`, the dollar's missing days asked for in one call. The stored
   * days are read in one query per entity; only the days without a stored rate are resolved one by one.
   */
  async range(currency: string, from: string, to: string, entity?: string): Promise<RateAnswer[]> {
    const today = this.today();
    if (currency === 'USD' && from < today) await this.reference.fetchDollarDays(from, to < today ? to : addDays(today, -1));
    const key = entityKey(entity);
    const stored = this.storedDays(currency, key, from, to, today);
    const answers: RateAnswer[] = [];
    for (const day of datesBetween(from, to)) answers.push(stored.get(day) ?? await this.resolve(currency, day, key, false));
    return answers;
  }

  /** Units of `to` per unit of `from` on a day (undefined: now); `rate` is the pair's sell rate. */
  async pair(from: string, to: string, day?: string, entity?: string): Promise<PairAnswer> {
    const date = day ?? this.today();
    if (from === to) return { from, to, date, quote: COLON_QUOTE, entity: REFERENCE_ENTITY, source: 'bccr', stale: false, fallback: false };
    // One leg after the other: the first call stores what the second needs.
    const legs = [await this.rate(from, day, entity), await this.rate(to, day, entity)];
    const fallback = legs.some((l) => l.fallback);
    const stale = legs.find((l) => l.stale);
    const unavailable = legs.find((l) => l.quote === undefined);
    if (unavailable) return { from, to, date, entity: REFERENCE_ENTITY, source: 'unavailable', note: unavailable.note!, stale: false, fallback };
    // The colón's leg is 1 by definition: entity and source are the priced legs'.
    const priced = legs.filter((l) => l.currency !== LOCAL_CURRENCY);
    return {
      from,
      to,
      // The older leg's day: a stale leg makes the whole pair as old as it.
      date: legs.map((l) => l.date).sort()[0]!,
      quote: crossQuote(legs[0]!.quote!, legs[1]!.quote!),
      entity: priced.every((l) => l.entity === priced[0]!.entity) ? priced[0]!.entity : REFERENCE_ENTITY,
      source: priced[0]!.source,
      stale: stale !== undefined,
      ...(stale?.staleReason === undefined ? {} : { staleReason: stale.staleReason }),
      fallback,
    };
  }

  /**
   * Each entity's rate of a currency on a day: the reference first, then any authorized entity's stored
   * rate. `note` (and no reference) when the reference is unavailable.
   */
  async entities(currency: string, day?: string): Promise<{ rates: EntityRate[]; reference: RateAnswer }> {
    const reference = await this.rate(currency, day);
    const others = exchangeRatesOn(this.options.store.db, currency, day ?? this.today()).filter((r) => r.entity !== REFERENCE_ENTITY).map((r) => rowAnswer(r));
    const rates = [...(reference.quote ? [reference] : []), ...others].map((a) => ({
      entity: a.entity, provider: a.source as RateSource, date: a.date, quote: a.quote!, stale: a.stale,
    }));
    return { rates, reference };
  }

  /**
   * What `resolve` answers for the days of a range with a stored rate: the entity's own, else the
   * reference's for past days (today's reference rate goes through `currentRate`, which may refresh it).
   */
  private storedDays(currency: string, entity: string, from: string, to: string, today: string): Map<string, RateAnswer> {
    const days = new Map<string, RateAnswer>();
    if (!isPublishedCurrency(currency)) return days;
    const db = this.options.store.db;
    for (const row of exchangeRatesBetween(db, currency, REFERENCE_ENTITY, from, to)) {
      if (row.date < today) days.set(row.date, { ...rowAnswer(row), fallback: entity !== REFERENCE_ENTITY });
    }
    if (entity !== REFERENCE_ENTITY) for (const row of exchangeRatesBetween(db, currency, entity, from, to)) days.set(row.date, rowAnswer(row));
    return days;
  }

  private async resolve(currency: string, day: string, entity: string, mayAsk: boolean): Promise<RateAnswer> {
    if (currency === LOCAL_CURRENCY) return colonAnswer(day);
    if (!isPublishedCurrency(currency)) {
      return unavailableAnswer(currency, day, `No source publishes ${currency} rates: the tax authority's indicators carry the US dollar and the euro only.`);
    }
    if (entity !== REFERENCE_ENTITY) {
      const own = findExchangeRate(this.options.store.db, currency, entity, day);
      if (own) return rowAnswer(own);
    }
    const answer = day >= this.today() ? await this.reference.currentRate(currency) : await this.reference.rateOn(currency, day, mayAsk);
    return { ...answer, fallback: entity !== REFERENCE_ENTITY };
  }
}
