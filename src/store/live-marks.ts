/**
 * Which process holds a piece of work, on PostgreSQL (docs/postgresql.md, "Several processes"). Several
 * `serve` processes share the database, so "everything `running` at start-up belongs to the previous run"
 * (SQLite's rule: one process per file) would steal the live work of the others. Instead each process marks
 * what it has in hand — an idempotency claim, an outbox job's lease, a receipt it prints — with a session-level shared advisory
 * lock, and PostgreSQL drops those locks itself when the process's connection goes, however it died
 * (kill -9 included). Work still `running` without its mark is a dead process's, and is released at once.
 *
 * Marks are per connection: the store keeps one connection per process (postgres/pg-client.ts), and `held`
 * remembers, per connection, which marks this process took, so that it only ever unlocks its own.
 */
import type { Db } from './db.ts';
import { onPostgres } from './sql-dialect.ts';
import { prepared } from './prepared.ts';
import type { PgClient } from './postgres/pg-client.ts';

/** Advisory-lock namespaces (the first int4 key): "outb" and "idky" in ASCII. */
export const OUTBOX_MARK = 0x6f757462;
export const CLAIM_MARK = 0x69646b79;
/** A receipt a process is printing (its job lives in that process's memory): "prnt". */
export const PRINT_MARK = 0x70726e74;
/** The one process that runs the daily backup on a shared database: "bkup". */
export const BACKUP_LEADER = 0x626b7570;

/** The int4 key of an outbox job's (or a print's) mark, as SQL over its id (ids past 2^31 wrap; a clash only delays a release). */
export const jobKeySql = (column: string) => `(${column} % 2147483647)::int4`;
/** The int4 key of an idempotency claim's mark, as SQL over two text expressions. */
export const claimKeySql = (apiKeyId: string, key: string) => `hashtext(${apiKeyId} || chr(10) || ${key})`;

/**
 * SQL true when some live session of this database holds the mark (namespace, key). Advisory locks taken with
 * two int4 keys show in pg_locks as classid = first, objid = second (as oid), objsubid = 2.
 */
export function markHeldSql(namespace: number, keySql: string): string {
  return `EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid = ${namespace} AND l.objid = (${keySql})::oid)`;
}

const held = new WeakMap<object, Map<string, number>>();

function marksOf(db: Db): Map<string, number> {
  let marks = held.get(db.$client);
  if (!marks) held.set(db.$client, (marks = new Map()));
  return marks;
}

/** Records that this process took the mark `id` of `namespace` (the lock itself was taken in SQL). */
export function noteMark(db: Db, namespace: number, id: string): void {
  const marks = marksOf(db);
  const name = `${namespace}:${id}`;
  marks.set(name, (marks.get(name) ?? 0) + 1);
}

/** Whether this process holds the mark, forgetting it: the caller then unlocks it once. */
export function dropMark(db: Db, namespace: number, id: string): boolean {
  if (!onPostgres(db)) return false;
  const marks = marksOf(db);
  const name = `${namespace}:${id}`;
  const count = marks.get(name) ?? 0;
  if (count === 0) return false;
  if (count === 1) marks.delete(name);
  else marks.set(name, count - 1);
  return true;
}

function markStatement(db: Db, namespace: number, keySql: string, action: 'lock' | 'unlock') {
  return prepared(db, `mark:${namespace}:${action}:${keySql}`, () => db.$client.prepare(`SELECT pg_advisory_${action}_shared(${namespace}, ${keySql})`));
}

/**
 * Takes this process's mark `id` of `namespace` (PostgreSQL): a shared advisory lock on (namespace, `keySql`),
 * `keySql` an int4 expression over the statement's `params`, and notes it as this process's.
 */
export function takeMark(db: Db, namespace: number, id: string, keySql: string, ...params: unknown[]): void {
  markStatement(db, namespace, keySql, 'lock').run(...params);
  noteMark(db, namespace, id);
}

/** Releases this process's mark `id` of `namespace` (taken by takeMark, or in SQL and noted): unlocked when this process holds it. */
export function releaseMark(db: Db, namespace: number, id: string, keySql: string, ...params: unknown[]): void {
  if (dropMark(db, namespace, id)) markStatement(db, namespace, keySql, 'unlock').run(...params);
}

/**
 * A lost connection takes this process's marks with it, and the other processes then take its work for a dead
 * process's. `onLost` is called when that happens while it held any, so that the host stops as after a crash
 * (server.ts) instead of finishing work another process has started again.
 */
export function onMarksLost(db: Db, onLost: () => void): void {
  if (!onPostgres(db)) return;
  (db.$client as unknown as PgClient).bridge.onReconnect = () => {
    if (marksOf(db).size > 0) onLost();
  };
}

/**
 * Takes (once, for the rest of the process's life) the lock that makes this process the one that does a job
 * meant for a single process of the installation, such as the daily backup; true while it holds it. Another
 * process takes it over when this one's connection ends.
 */
export function holdsLeadership(db: Db, namespace: number): boolean {
  const marks = marksOf(db);
  const name = `leader:${namespace}`;
  if (marks.has(name)) return true;
  // Booleans come back as SQLite's 1/0 (postgres/pg-types.ts).
  const got = Boolean(db.$client.prepare(`SELECT pg_try_advisory_lock(${namespace}, 0) AS got`).pluck().get());
  if (got) marks.set(name, 1);
  return got;
}
