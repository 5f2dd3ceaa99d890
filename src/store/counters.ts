/**
 * Consecutive-number counters as the settings API sees them: list, and move forward by hand (e.g. to
 * continue the numbering of a previous provider). Taking a number while issuing is counters-issue.ts.
 * `next_value` is the number the next document will use.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { counters } from './schema.ts';
import type { CounterKey } from './counters-issue.ts';

export type CounterRow = typeof counters.$inferSelect;

export type { CounterKey };

export function listCounters(db: Db, organizationId: number, environment: string): CounterRow[] {
  return db.select().from(counters)
    .where(and(eq(counters.organizationId, organizationId), eq(counters.environment, environment)))
    .orderBy(asc(counters.branch), asc(counters.terminal), asc(counters.documentType))
    .all();
}

export function getCounter(db: Db, key: CounterKey): CounterRow | undefined {
  return db.select().from(counters).where(and(
    eq(counters.organizationId, key.organizationId), eq(counters.environment, key.environment),
    eq(counters.branch, key.branch), eq(counters.terminal, key.terminal), eq(counters.documentType, key.documentType),
  )).get();
}

/**
 * Sets `next_value` unless that would move the counter backwards (a number could then be used twice).
 * One conditional upsert, so a document issued at the same moment cannot slip between check and write.
 * Returns the stored row, or undefined when the counter is already past `nextValue`.
 */
export function advanceCounter(db: Db, key: CounterKey, nextValue: number, now: Date): CounterRow | undefined {
  const updatedAt = now.toISOString();
  return db.insert(counters).values({ ...key, nextValue, updatedAt })
    .onConflictDoUpdate({
      target: [counters.organizationId, counters.environment, counters.branch, counters.terminal, counters.documentType],
      set: { nextValue, updatedAt },
      setWhere: sql`${counters.nextValue} <= ${nextValue}`,
    })
    .returning()
    .get();
}
