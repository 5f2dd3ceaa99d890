/**
 * The PostgreSQL adapter of the store port: the part of better-sqlite3's interface the store uses (prepare →
 * run/get/all/pluck/raw, transaction, exec), over one synchronous connection (pg-bridge.ts). drizzle's
 * SQLite session runs on it unchanged; the SQL is turned into PostgreSQL's (pg-dialect.ts).
 *
 * Write transactions take one advisory lock, the database-wide writer lock SQLite's BEGIN IMMEDIATE is: what
 * one process reads inside a transaction no other process changes before it commits, whatever the query —
 * so every invariant the store keeps on SQLite (consecutives, balances, tallies) holds across processes.
 * A killed process's lock goes with its connection.
 */
import { PgBridge, type QueryResult } from './pg-bridge.ts';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../schema.ts';
import { toPostgres, type PostgresSql } from './pg-dialect.ts';

/** The tables with an integer id (numbered by a sequence on PostgreSQL, by rowid on SQLite). */
const SERIAL_TABLES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[])
    .filter((t): t is SQLiteTable => is(t, SQLiteTable))
    .map((t) => getTableConfig(t))
    .filter((c) => c.columns.some((col) => col.primary && col.name === 'id' && col.getSQLType() === 'integer'))
    .map((c) => c.name),
);

/** pg_advisory_xact_lock's key for the store's writer lock ("fact" in ASCII). */
export const WRITER_LOCK = 0x66616374;

type Params = unknown[];

const WRITER_BEGIN = `BEGIN; SELECT pg_advisory_xact_lock(${WRITER_LOCK})`;
/** The first key of the two-key advisory locks on named resources (transactionOn). */
const RESOURCE_LOCKS = 0x6661;

/** A resource's name as a 32-bit lock key (FNV-1a): a collision only makes two resources wait for each other. */
function resourceLock(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash | 0;
}

export class PgStatement {
  private pluckFirst = false;
  private asArrays = false;

  constructor(
    private readonly client: PgClient,
    private readonly sql: PostgresSql,
  ) {}

  pluck(on = true): this {
    this.pluckFirst = on;
    return this;
  }

  raw(on = true): this {
    this.asArrays = on;
    return this;
  }

  run(...params: Params): { changes: number; lastInsertRowid: number } {
    const result = this.client.query(this.sql.text, this.sql.bind(params));
    const first = result.rows[0]?.[0];
    return { changes: result.rowCount, lastInsertRowid: typeof first === 'number' ? first : 0 };
  }

  get(...params: Params): unknown {
    return this.all(...params)[0];
  }

  all(...params: Params): unknown[] {
    const { rows, fields } = this.client.query(this.sql.text, this.sql.bind(params));
    if (this.pluckFirst) return rows.map((row) => row[0]);
    if (this.asArrays) return rows;
    return rows.map((row) => Object.fromEntries(fields.map((name, i) => [name, row[i]])));
  }

  *iterate(...params: Params): IterableIterator<unknown> {
    yield* this.all(...params);
  }
}

type TransactionFn<T> = ((...args: unknown[]) => T) & { immediate: () => T; deferred: () => T; exclusive: () => T };

export class PgClient {
  readonly bridge: PgBridge;
  private depth = 0;
  /** The connection the open transaction runs on: its statements run there or fail. */
  private transactionConnection: number | undefined;
  private readonly statements = new Map<string, PostgresSql>();
  open = true;

  constructor(readonly url: string) {
    this.bridge = new PgBridge(url);
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  /** Runs a statement; inside a transaction, only on the transaction's connection. */
  query(sql: string, params: unknown[] = []): QueryResult {
    return this.bridge.query(sql, params, this.transactionConnection);
  }

  prepare(sql: string): PgStatement {
    let translated = this.statements.get(sql);
    if (!translated) this.statements.set(sql, (translated = toPostgres(sql, SERIAL_TABLES)));
    return new PgStatement(this, translated);
  }

  exec(sql: string): this {
    this.query(sql);
    return this;
  }

  transaction<T>(fn: (...args: unknown[]) => T): TransactionFn<T> {
    const run = (...args: unknown[]) => this.inTransactionDo(WRITER_BEGIN, () => fn(...args));
    return Object.assign(run, { immediate: () => run(), deferred: () => run(), exclusive: () => run() });
  }

  /**
   * SQLite's pragmas mostly have no meaning here and are answered with nothing; `foreign_keys = OFF/ON`
   * (a repair behind the API's back) is PostgreSQL's session_replication_role, which skips the checks.
   */
  pragma(source: string): unknown[] {
    const foreignKeys = /^\s*foreign_keys\s*=\s*(on|off)\s*$/i.exec(source)?.[1]?.toLowerCase();
    if (foreignKeys) this.bridge.query(`SET session_replication_role = ${foreignKeys === 'off' ? 'replica' : 'origin'}`);
    return [];
  }

  /** SQLite's application-defined functions are SQL functions of the PostgreSQL migrations instead. */
  function(): this {
    return this;
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.bridge.close();
  }

  /**
   * A transaction that excludes only the transactions on one of the same `resources` (and, like any other,
   * every ordinary one): it holds the writer lock shared and an exclusive lock per resource. For work whose
   * reads and writes are confined to those resources and to rows of its own (the issuing batch: its counters,
   * new documents), so that processes issuing on different counters commit side by side.
   */
  transactionOn<T>(resources: readonly string[], work: () => T): T {
    if (this.depth > 0) return this.inTransactionDo('', work);
    const locks = [...new Set(resources.map(resourceLock))].sort((a, b) => a - b);
    const begin = [`BEGIN; SELECT pg_advisory_xact_lock_shared(${WRITER_LOCK})`, ...locks.map((k) => `SELECT pg_advisory_xact_lock(${RESOURCE_LOCKS}, ${k})`)].join('; ');
    return this.inTransactionDo(begin, work);
  }

  private inTransactionDo<T>(begin: string, work: () => T): T {
    const savepoint = this.depth > 0 ? `s${this.depth}` : undefined;
    if (savepoint) this.query(`SAVEPOINT ${savepoint}`);
    else this.transactionConnection = this.bridge.query(begin).connection;
    this.depth += 1;
    try {
      const value = work();
      if (value instanceof Promise) throw new TypeError('a store transaction cannot be asynchronous');
      this.query(savepoint ? `RELEASE SAVEPOINT ${savepoint}` : 'COMMIT');
      return value;
    } catch (error) {
      this.rollback(savepoint);
      throw error;
    } finally {
      this.depth -= 1;
      if (this.depth === 0) this.transactionConnection = undefined;
    }
  }

  private rollback(savepoint: string | undefined): void {
    try {
      this.query(savepoint ? `ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}` : 'ROLLBACK');
    } catch (error) {
      // The connection is gone: the server rolled the whole transaction back already. A savepoint's caller
      // must not carry on as if only its part was undone.
      if (savepoint) throw error;
    }
  }
}
