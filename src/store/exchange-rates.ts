/**
 * The exchange-rate cache (table `exchange_rates`): one row per currency, entity and day, shared by every
 * organization (the rates are public). Amounts are decimal text, colones per unit.
 */
import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from './database.ts';
import { exchangeRates } from './schema.ts';

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

/** Inserts or refreshes rows (a day's rate, fetched again, replaces the stored one). */
export function saveExchangeRates(db: Db, rows: readonly ExchangeRateRow[]): void {
  for (const row of rows) {
    const { buy, sell, source, fetchedAt } = row;
    db.insert(exchangeRates).values(row)
      .onConflictDoUpdate({ target: [exchangeRates.currency, exchangeRates.entity, exchangeRates.date], set: { buy, sell, source, fetchedAt } })
      .run();
  }
}

/** The stored rate of one currency, entity and day. */
export function findExchangeRate(db: Db, currency: string, entity: string, date: string): ExchangeRateRow | undefined {
  return db.select().from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.entity, entity), eq(exchangeRates.date, date)))
    .get();
}

/** The newest stored rate of a currency and entity on or before a day. */
export function latestExchangeRate(db: Db, currency: string, entity: string, onOrBefore: string): ExchangeRateRow | undefined {
  return db.select().from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.entity, entity), lte(exchangeRates.date, onOrBefore)))
    .orderBy(desc(exchangeRates.date))
    .limit(1)
    .get();
}

/** Stored rates of a currency and entity from one day to another (inclusive), by date. */
export function exchangeRatesBetween(db: Db, currency: string, entity: string, from: string, to: string): ExchangeRateRow[] {
  return db.select().from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.entity, entity), gte(exchangeRates.date, from), lte(exchangeRates.date, to)))
    .orderBy(asc(exchangeRates.date))
    .all();
}

/** Every entity's stored rate of a currency on a day, by entity. */
export function exchangeRatesOn(db: Db, currency: string, date: string): ExchangeRateRow[] {
  return db.select().from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.date, date)))
    .orderBy(asc(exchangeRates.entity))
    .all();
}
