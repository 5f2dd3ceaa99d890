/**
 * The counter's cashiers (docs/tills.md), scoped by organization. The PIN column holds the scrypt hash only
 * (tills/pin-hash.ts); rows are never deleted, since documents name their cashier.
 */
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { CashierRole } from '../domain/cashier.ts';
import type { Db } from './database.ts';
import { cashiers } from './schema.ts';

export type CashierRow = typeof cashiers.$inferSelect;
/** What the use cases change on a cashier. */
export type CashierChanges = Partial<Pick<CashierRow, 'name' | 'role' | 'pinHash' | 'active' | 'failedAttempts' | 'lockedUntil'>>;

export interface NewCashier {
  name: string;
  role: CashierRole;
  pinHash: string;
}

export function insertCashier(db: Db, organizationId: number, cashier: NewCashier, now: Date): CashierRow {
  const at = now.toISOString();
  return db.insert(cashiers).values({ ...cashier, organizationId, createdAt: at, updatedAt: at }).returning().get();
}

export function getCashier(db: Db, organizationId: number, id: number): CashierRow | undefined {
  return db.select().from(cashiers).where(and(eq(cashiers.organizationId, organizationId), eq(cashiers.id, id))).get();
}

export function listCashiers(db: Db, organizationId: number, includeInactive: boolean): CashierRow[] {
  const scope = eq(cashiers.organizationId, organizationId);
  return db.select().from(cashiers).where(includeInactive ? scope : and(scope, eq(cashiers.active, true))).orderBy(asc(cashiers.name), asc(cashiers.id)).all();
}

export function updateCashier(db: Db, id: number, changes: CashierChanges, now: Date): CashierRow {
  return db.update(cashiers).set({ ...changes, updatedAt: now.toISOString() }).where(eq(cashiers.id, id)).returning().get()!;
}

/** A PIN check's bookkeeping (failed tries, lock): not an edit of the cashier, so `updated_at` stays. */
export function recordPinOutcome(db: Db, id: number, outcome: Pick<CashierRow, 'failedAttempts' | 'lockedUntil'>): void {
  db.update(cashiers).set(outcome).where(eq(cashiers.id, id)).run();
}

/** Active owners of the organization other than `exceptId`: the last one may not go (409 last_owner). */
export function countOtherActiveOwners(db: Db, organizationId: number, exceptId: number): number {
  const row = db.select({ n: count() }).from(cashiers)
    .where(and(eq(cashiers.organizationId, organizationId), eq(cashiers.active, true), eq(cashiers.role, 'owner'), ne(cashiers.id, exceptId))).get();
  return row?.n ?? 0;
}

/**
 * The names of the organization's cashiers among `ids` (inactive ones too: documents and shifts name them),
 * in one query for a whole page. Another organization's cashier is not named.
 */
export function cashierNames(db: Db, organizationId: number, ids: Iterable<number>): Map<number, string> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = db.select({ id: cashiers.id, name: cashiers.name }).from(cashiers)
    .where(and(eq(cashiers.organizationId, organizationId), inArray(cashiers.id, wanted))).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A PIN try as counted: its number since the last right PIN, and the lock it set (null: none). */
export interface PinAttempt {
  failedAttempts: number;
  lockedUntil: string | null;
}

/**
 * A PIN try, counted before the PIN is hashed (docs/tills.md, "PINs"): one statement adds it unless the
 * cashier is locked at `now`, so tries at once each get their own number and a locked cashier's are not even
 * counted; a try that `lockFor` says locks (by its number, in ms) sets the lock in the same call, before its
 * PIN is hashed, so no try sent with it gets past. Run it in a transaction. Undefined when the cashier is locked.
 */
export function takePinAttempt(db: Db, id: number, now: Date, lockFor: (failedAttempts: number) => number | undefined): PinAttempt | undefined {
  const statement = db.$client.prepare('UPDATE cashiers SET failed_attempts = failed_attempts + 1 WHERE id = ? AND (locked_until IS NULL OR locked_until <= ?) RETURNING failed_attempts');
  const row = statement.get(id, now.toISOString()) as { failed_attempts: number } | undefined;
  if (!row) return undefined;
  const lockMs = lockFor(row.failed_attempts);
  if (lockMs === undefined) return { failedAttempts: row.failed_attempts, lockedUntil: null };
  const lockedUntil = new Date(now.getTime() + lockMs).toISOString();
  db.update(cashiers).set({ lockedUntil }).where(eq(cashiers.id, id)).run();
  return { failedAttempts: row.failed_attempts, lockedUntil };
}
