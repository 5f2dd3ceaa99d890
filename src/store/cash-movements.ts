/** Cash put into or taken out of a shift's drawer (docs/tills.md), with its reason and who did it. */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from './database.ts';
import { cashMovements } from './schema.ts';

export type CashMovementRow = typeof cashMovements.$inferSelect;

export interface NewCashMovement {
  shiftId: number;
  kind: 'in' | 'out';
  /** Decimal text, colones, above zero. */
  amount: string;
  reason: string;
  cashierId: number | null;
  approvedBy: number | null;
}

export function insertCashMovement(db: Db, movement: NewCashMovement, at: Date): CashMovementRow {
  return db.insert(cashMovements).values({ ...movement, createdAt: at.toISOString() }).returning().get();
}

/** The movements of some shifts, in the order they were made. */
export function movementsOf(db: Db, shiftIds: number[]): CashMovementRow[] {
  if (shiftIds.length === 0) return [];
  return db.select().from(cashMovements).where(inArray(cashMovements.shiftId, shiftIds)).orderBy(asc(cashMovements.id)).all();
}
