/**
 * Opens the SQLite store: WAL journal, synchronous=FULL (a committed document survives a power cut),
 * foreign keys, a busy timeout for the second process (CLI) touching the same file. Only `store/` speaks SQL.
 */
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema.ts';
import { migrate } from './migrate.ts';
import { WriteBatcher } from './write-batcher.ts';
import { backfillBalances } from './balance-backfill.ts';
import type { Db } from './db.ts';

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
  /** Runs `fn` in a group-committed transaction shared with other writes of this event-loop turn. */
  batch<T>(fn: (db: Db) => T): Promise<T>;
  /** `SELECT 1` against the file: whether the store can serve. */
  isHealthy(): boolean;
  close(): void;
}

export const DATABASE_FILE = 'facturador.db';

export function openStore(file: string, options: { log?: (message: string) => void } = {}): Store {
  const client = new Database(file);
  client.pragma('journal_mode = WAL');
  client.pragma('synchronous = FULL');
  client.pragma('foreign_keys = ON');
  client.pragma('busy_timeout = 5000');
  const db = drizzle({ client, schema }) as Db;
  migrate(client, file, options.log);
  backfillBalances(db); // documents saved before balances were kept (balance-backfill.ts); once
  const batcher = new WriteBatcher(client);

  return {
    db,
    transaction: (fn) => client.transaction(() => fn(db)).immediate(),
    relaxedTransaction: (fn) => {
      // Not a prepared statement: SQLite applies this pragma while compiling it, not when it runs.
      client.pragma('synchronous = NORMAL');
      try {
        return client.transaction(() => fn(db)).immediate();
      } finally {
        client.pragma('synchronous = FULL');
      }
    },
    batch: (fn) => batcher.submit(() => fn(db)),
    isHealthy: () => {
      try {
        return client.prepare('SELECT 1 AS ok').get() !== undefined;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}
