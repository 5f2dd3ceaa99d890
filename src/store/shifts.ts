/**
 * A till's shifts (docs/tills.md): opened with a float, closed with a count and the Z figures kept as they
 * were at close. One open shift per till is the partial unique index `shifts_one_open`'s rule, so two opens at
 * once cannot both win.
 */
import { and, desc, eq, gte, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from './database.ts';
import { shifts } from './schema.ts';

export type ShiftRow = typeof shifts.$inferSelect;

export interface ShiftScope {
  organizationId: number;
  environment: string;
}

/** The conditions every read of a scope's shifts starts with: its organization and environment. */
const inScope = (scope: ShiftScope) => [eq(shifts.organizationId, scope.organizationId), eq(shifts.environment, scope.environment)];

export interface NewShift {
  branch: string;
  terminal: string;
  openingFloat: string;
  openedBy: number | null;
}

export function insertShift(db: Db, scope: ShiftScope, shift: NewShift, at: Date): ShiftRow {
  return db.insert(shifts).values({ ...scope, ...shift, openedAt: at.toISOString() }).returning().get();
}

/** The error of a second open shift on one till (the partial unique index). */
export function isShiftAlreadyOpen(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('shifts.');
}

export function getShift(db: Db, scope: ShiftScope, id: number): ShiftRow | undefined {
  return db.select().from(shifts).where(and(...inScope(scope), eq(shifts.id, id))).get();
}

export function openShiftOf(db: Db, scope: ShiftScope, branch: string, terminal: string): ShiftRow | undefined {
  return db.select().from(shifts).where(and(...inScope(scope), eq(shifts.branch, branch), eq(shifts.terminal, terminal), isNull(shifts.closedAt))).get();
}

export interface ShiftFilter {
  state?: 'open' | 'closed' | undefined;
  branch?: string | undefined;
  terminal?: string | undefined;
  cashierId?: number | undefined;
  /** opened_at on or after / before (ISO instants). */
  from?: string | undefined;
  to?: string | undefined;
  /** Rows with a smaller id only (the cursor). */
  before?: number | undefined;
  limit: number;
}

/** Newest first. */
export function listShifts(db: Db, scope: ShiftScope, filter: ShiftFilter): ShiftRow[] {
  const where: (SQL | undefined)[] = inScope(scope);
  if (filter.state === 'open') where.push(isNull(shifts.closedAt));
  if (filter.state === 'closed') where.push(isNotNull(shifts.closedAt));
  if (filter.branch) where.push(eq(shifts.branch, filter.branch));
  if (filter.terminal) where.push(eq(shifts.terminal, filter.terminal));
  if (filter.cashierId !== undefined) where.push(eq(shifts.openedBy, filter.cashierId));
  if (filter.from) where.push(gte(shifts.openedAt, filter.from));
  if (filter.to) where.push(lt(shifts.openedAt, filter.to));
  if (filter.before !== undefined) where.push(lt(shifts.id, filter.before));
  return db.select().from(shifts).where(and(...where)).orderBy(desc(shifts.id)).limit(filter.limit).all();
}

/** The shifts closed in [from, to) (ISO instants), oldest first: a day's Z. */
export function shiftsClosedBetween(db: Db, scope: ShiftScope, from: string, to: string): ShiftRow[] {
  return db.select().from(shifts).where(and(...inScope(scope), gte(shifts.closedAt, from), lt(shifts.closedAt, to)))
    .orderBy(shifts.closedAt, shifts.id).all();
}

export interface ShiftClose {
  closedBy: number | null;
  counts: Record<string, unknown>;
  figures: Record<string, unknown>;
}

/** Closes an open shift; undefined when it was closed meanwhile. */
export function closeShiftRow(db: Db, id: number, close: ShiftClose, at: Date): ShiftRow | undefined {
  return db.update(shifts).set({ ...close, closedAt: at.toISOString() }).where(and(eq(shifts.id, id), isNull(shifts.closedAt))).returning().get();
}

