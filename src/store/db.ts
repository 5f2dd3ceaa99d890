/**
 * The type of a database handle, which every repository of store/ takes: a file of its own so that the
 * repositories database.ts runs at start-up (balance-backfill.ts) can name it without importing database.ts.
 */
import type Database from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from './schema.ts';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
