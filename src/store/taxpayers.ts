/**
 * The taxpayer cache: the public look-up's answers, one row per identification, shared by every
 * organization (it is the public register). `name` is the searchable form of the taxpayer's name
 * (hacienda/taxpayer-names.ts `searchableName`); `payload` is the answer as received.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { containing } from './recipients.ts';
import { taxpayerCache } from './schema.ts';

export type TaxpayerCacheRow = typeof taxpayerCache.$inferSelect;

export function findCachedTaxpayer(db: Db, identification: string): TaxpayerCacheRow | undefined {
  return db.select().from(taxpayerCache).where(eq(taxpayerCache.identification, identification)).get();
}

/** Inserts or refreshes the row of an identification. */
export function saveCachedTaxpayer(db: Db, row: TaxpayerCacheRow): void {
  const { identification: _, ...changes } = row;
  db.insert(taxpayerCache).values(row).onConflictDoUpdate({ target: taxpayerCache.identification, set: changes }).run();
}

/** Drops an identification the register no longer knows. */
export function forgetCachedTaxpayer(db: Db, identification: string): void {
  db.delete(taxpayerCache).where(eq(taxpayerCache.identification, identification)).run();
}

/** Rows whose name holds every word (in any order), by name. Words come in the searchable form. */
export function searchCachedTaxpayers(db: Db, words: readonly string[], limit: number): TaxpayerCacheRow[] {
  // ESCAPE makes the backslashes of containing() work.
  const matches = words.map((word) => sql`${taxpayerCache.name} LIKE ${containing(word)} ESCAPE '\\'`);
  return db.select().from(taxpayerCache).where(and(...matches))
    .orderBy(asc(taxpayerCache.name), asc(taxpayerCache.identification))
    .limit(limit)
    .all();
}
