/**
 * Prepared statements per database handle. Building a drizzle query and preparing it costs ~10× running
 * it, so the queries on the issuing hot path (authentication, numbering, saving) are prepared once per
 * handle and reused with placeholders.
 */
import type { Db } from './db.ts';

const caches = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: Db, name: string, build: () => T): T {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let statement = cache.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    cache.set(name, statement);
  }
  return statement;
}
