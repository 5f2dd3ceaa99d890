/**
 * The few statements whose SQL differs between the store's engines (database.ts): the repository writes
 * both and this picks the one its database speaks.
 */
import type { Db } from './db.ts';
import { PgClient } from './postgres/pg-client.ts';

export function onPostgres(db: Db): boolean {
  return (db.$client as unknown) instanceof PgClient;
}

export function forEngine<T>(db: Db, variants: { sqlite: T; postgres: T }): T {
  return onPostgres(db) ? variants.postgres : variants.sqlite;
}
