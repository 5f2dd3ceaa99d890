/**
 * Opens the store on either engine (the store port): a file is SQLite — WAL journal, synchronous=FULL (a
 * committed document survives a power cut), foreign keys, a busy timeout for the second process (CLI)
 * touching the same file; a `postgres://` URL is PostgreSQL (postgres/pg-client.ts), shared by as many
 * processes as the load needs. Only `store/` speaks SQL.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema.ts';
import { migrate } from './migrate.ts';
import { WriteBatcher } from './write-batcher.ts';
import { backfillBalances } from './balance-backfill.ts';
import type { Db } from './db.ts';
import { PgClient } from './postgres/pg-client.ts';
import { migratePostgres } from './postgres/pg-migrate.ts';
import { isPostgresUrl } from './postgres/location.ts';

export type { Db };

export interface Store {
  db: Db;
  /** Runs `fn` in one synchronous transaction (better-sqlite3): never pass an async function. */
  transaction<T>(fn: (db: Db) => T): T;
  /**
   * Like `transaction`, but the commit does not wait for the disk (synchronous=NORMAL in WAL mode): it
   * survives a crash of the process, and only a power cut can undo it, until the next ordinary commit makes
   * it durable too. For bookkeeping that is redone idempotently if undone (the outbox's delivery states);
   * never for issuing.
   */
  relaxedTransaction<T>(fn: (db: Db) => T): T;
  /**
   * Like `transaction`, for work confined to the named `resources` and to rows of its own: on PostgreSQL it
   * waits only for transactions on the same resources (and for ordinary ones), so that several processes
   * commit side by side; on SQLite, with one writer, it is `transaction`.
   */
  transactionOn<T>(resources: readonly string[], fn: (db: Db) => T): T;
  /** Runs `fn` in a group-committed transaction shared with other writes of this event-loop turn. */
  batch<T>(fn: (db: Db) => T): Promise<T>;
  /** `SELECT 1` against the file: whether the store can serve. */
  isHealthy(): boolean;
  /** Which engine holds the data: SQLite's file, or a PostgreSQL database shared with other processes. */
  engine: 'sqlite' | 'postgres';
  close(): void;
}

export const DATABASE_FILE = 'facturador.db';

/** Where a configuration's store is: DATABASE_URL when set, else the data folder's SQLite file. */
export function storeLocation(config: { dataDir: string; databaseUrl?: string }): string {
  if (config.databaseUrl && !isPostgresUrl(config.databaseUrl)) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  return config.databaseUrl ?? join(config.dataDir, DATABASE_FILE);
}

/** `SELECT 1` answered: whether the store can serve. */
function answers(client: { prepare(sql: string): { get(): unknown } }): boolean {
  try {
    return client.prepare('SELECT 1 AS ok').get() !== undefined;
  } catch {
    return false;
  }
}

/** Opens the store at `location`: a SQLite file, or a PostgreSQL URL (DATABASE_URL). */
export function openStore(location: string, options: { log?: (message: string) => void } = {}): Store {
  return isPostgresUrl(location) ? openPostgresStore(location, options) : openSqliteStore(location, options);
}

function openSqliteStore(file: string, options: { log?: (message: string) => void }): Store {
  const client = new Database(file);
  client.pragma('journal_mode = WAL');
  client.pragma('synchronous = FULL');
  client.pragma('foreign_keys = ON');
  client.pragma('busy_timeout = 5000');
  const db = drizzle({ client, schema }) as Db;
  migrate(client, file, options.log);
  backfillBalances(db); // documents saved before balances were kept (balance-backfill.ts); once
  const batcher = new WriteBatcher(client);
  const inTransaction = <T>(fn: (db: Db) => T) => client.transaction(() => fn(db)).immediate();

  return {
    db,
    transaction: inTransaction,
    // One writer at a time already: there is nothing narrower to lock.
    transactionOn: (_resources, fn) => inTransaction(fn),
    relaxedTransaction: (fn) => {
      // Not a prepared statement: SQLite applies this pragma while compiling it, not when it runs.
      client.pragma('synchronous = NORMAL');
      try {
        return inTransaction(fn);
      } finally {
        client.pragma('synchronous = FULL');
      }
    },
    batch: (fn) => batcher.submit(() => fn(db)),
    isHealthy: () => answers(client),
    engine: 'sqlite',
    close: () => client.close(),
  };
}

function openPostgresStore(url: string, options: { log?: (message: string) => void }): Store {
  const client = new PgClient(url);
  try {
    migratePostgres(client.bridge, options.log);
  } catch (error) {
    client.close();
    throw error;
  }
  const db = drizzle({ client: client as unknown as Database.Database, schema }) as Db;
  backfillBalances(db);
  const inTransaction = <T>(fn: (db: Db) => T) => client.transaction(() => fn(db)).immediate();
  const batcher = new WriteBatcher(client as unknown as Database.Database);
  return {
    db,
    transaction: inTransaction,
    transactionOn: (resources, fn) => client.transactionOn(resources, () => fn(db)),
    // The commit returns before the WAL reaches the disk (only a server crash can undo it), as on SQLite.
    relaxedTransaction: (fn) => inTransaction((tx) => {
      client.exec('SET LOCAL synchronous_commit = off');
      return fn(tx);
    }),
    // One process's writes of one event-loop turn share a commit, as on SQLite.
    batch: (fn) => batcher.submit(() => fn(db)),
    isHealthy: () => answers(client),
    engine: 'postgres',
    close: () => client.close(),
  };
}
