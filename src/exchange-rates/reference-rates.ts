/**
 * The reference rate (central bank, published by the tax authority) of the dollar and the euro, with the
 * store as an offline cache. A day's rate never changes once published, so a stored day answers without
 * asking. Otherwise the indicators are asked; when they cannot answer, the newest stored rate on or before
 * the day answers with `stale`, and with nothing stored the answer is `unavailable` with a note.
 *
 * Two in-memory brakes protect both sides: after a failed call nothing is asked for RETRY_AFTER_MS (an
 * offline counter gets its stale answer at once instead of after a timeout each time), and the current
 * rates are asked at most every CURRENT_REFRESH_MS while the source still shows an earlier day (just after
 * midnight) — the tax authority blocks an address for 10 minutes past 20 requests a second.
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { exchangeRatesBetween, findExchangeRate, latestExchangeRate, saveExchangeRates } from '../store/exchange-rates.ts';
import { REFERENCE_ENTITY, rowAnswer, unavailableAnswer, type RateAnswer } from './answers.ts';
import type { PublishedCurrency } from './currencies.ts';
import { costaRicaToday, datesBetween } from './dates.ts';
import type { IndicatorsClient, IndicatorsResult, PublishedRate } from './indicators-client.ts';

export const RETRY_AFTER_MS = 60_000;
export const CURRENT_REFRESH_MS = 10 * 60_000;

export interface ReferenceRatesOptions {
  store: Store;
  clock: Clock;
  client: IndicatorsClient;
}

export class ReferenceRates {
  /** The last failed call: nothing is asked until `until`; stale answers give `error` as the reason. */
  private outage: { until: number; error: string } | undefined;
  /** The last successful call for the current rates and the day it gave per currency. */
  private current: { at: number; dates: Partial<Record<PublishedCurrency, string>> } | undefined;
  /** Calls under way, by path: simultaneous requests share one. */
  private readonly inFlight = new Map<string, Promise<PublishedRate[] | undefined>>();

  constructor(private readonly options: ReferenceRatesOptions) {}

  today(): string {
    return costaRicaToday(this.options.clock.now());
  }

  /** Today's rate, or the source's current one when it still shows an earlier day. */
  async currentRate(currency: PublishedCurrency): Promise<RateAnswer> {
    const today = this.today();
    const stored = this.stored(currency, today);
    if (stored) return rowAnswer(stored);
    if (!this.currentIsRecent()) {
      const rates = await this.ask('current', () => this.options.client.current());
      if (rates) this.current = { at: this.now(), dates: Object.fromEntries(rates.map((r) => [r.currency, r.date])) };
    }
    const published = this.currentIsRecent() ? this.current?.dates[currency] : undefined;
    const row = published && this.stored(currency, published);
    if (row) return rowAnswer(row);
    return this.staleOrUnavailable(currency, today, this.outageReason() ?? `the tax authority's current rates carry no ${currency} rate`);
  }

  /** The rate of a past day; `mayAsk` false when a range has asked for its days already. */
  async rateOn(currency: PublishedCurrency, day: string, mayAsk = true): Promise<RateAnswer> {
    const stored = this.stored(currency, day);
    if (stored) return rowAnswer(stored);
    if (mayAsk && currency === 'USD') {
      await this.ask(`history ${day}`, () => this.options.client.dollarHistory(day, day));
      const fetched = this.stored(currency, day);
      if (fetched) return rowAnswer(fetched);
    }
    return this.staleOrUnavailable(currency, day, this.outageReason() ?? (currency === 'USD'
      ? `the tax authority publishes no dollar rate for ${day}`
      : "the tax authority publishes the euro's rate of the current day only"));
  }

  /** Asks once for the dollar's days from `from` to `to` (all past) that are not stored yet. */
  async fetchDollarDays(from: string, to: string): Promise<void> {
    const stored = new Set(exchangeRatesBetween(this.options.store.db, 'USD', REFERENCE_ENTITY, from, to).map((r) => r.date));
    const missing = datesBetween(from, to).filter((day) => !stored.has(day));
    if (missing.length === 0) return;
    const [first, last] = [missing[0]!, missing[missing.length - 1]!];
    await this.ask(`history ${first} ${last}`, () => this.options.client.dollarHistory(first, last));
  }

  private stored(currency: string, day: string) {
    return findExchangeRate(this.options.store.db, currency, REFERENCE_ENTITY, day);
  }

  private staleOrUnavailable(currency: PublishedCurrency, day: string, reason: string): RateAnswer {
    const last = latestExchangeRate(this.options.store.db, currency, REFERENCE_ENTITY, day);
    return last ? rowAnswer(last, reason) : unavailableAnswer(currency, day, `No ${currency} rate for ${day} is stored, and ${reason}.`);
  }

  private now(): number {
    return this.options.clock.now().getTime();
  }

  private currentIsRecent(): boolean {
    return this.current !== undefined && this.now() - this.current.at < CURRENT_REFRESH_MS;
  }

  private outageReason(): string | undefined {
    return this.outage && this.now() < this.outage.until ? `the tax authority cannot be reached (${this.outage.error})` : undefined;
  }

  /** One call to the indicators, its rates stored; undefined when it failed or an outage holds calls back. */
  private ask(key: string, request: () => Promise<IndicatorsResult>): Promise<PublishedRate[] | undefined> {
    if (this.outageReason()) return Promise.resolve(undefined);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = request().then((result) => this.record(result)).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private record(result: IndicatorsResult): PublishedRate[] | undefined {
    const now = this.options.clock.now();
    if (result.outcome === 'unreachable') {
      this.outage = { until: now.getTime() + RETRY_AFTER_MS, error: result.error };
      return undefined;
    }
    this.outage = undefined;
    const fetchedAt = now.toISOString();
    this.options.store.transaction((db) => saveExchangeRates(db, result.rates.map((r) => ({
      currency: r.currency, entity: REFERENCE_ENTITY, date: r.date, buy: r.buy.toString(), sell: r.sell.toString(), source: 'hacienda', fetchedAt,
    }))));
    return result.rates;
  }
}
