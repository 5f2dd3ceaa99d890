/** The watched folder of an organization (one row per organization; received/watched-folder.ts). */
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { intakeColumns, type IntakeOutcome } from './intake-outcome.ts';
import { receivedFolders } from './schema.ts';

export type ReceivedFolderRow = typeof receivedFolders.$inferSelect;
export type NewReceivedFolder = Omit<typeof receivedFolders.$inferInsert, 'lastScannedAt' | 'lastError' | 'lastResult'>;

export function getReceivedFolder(db: Db, organizationId: number): ReceivedFolderRow | undefined {
  return db.select().from(receivedFolders).where(eq(receivedFolders.organizationId, organizationId)).get();
}

/** Inserts or replaces the organization's row; `createdAt` and how the last scan went survive a replacement. */
export function saveReceivedFolder(db: Db, row: NewReceivedFolder): ReceivedFolderRow {
  const { organizationId: _o, createdAt: _c, ...changes } = row;
  return db.insert(receivedFolders).values(row).onConflictDoUpdate({ target: receivedFolders.organizationId, set: changes }).returning().get();
}

export function deleteReceivedFolder(db: Db, organizationId: number): boolean {
  return db.delete(receivedFolders).where(eq(receivedFolders.organizationId, organizationId)).run().changes > 0;
}

/** How a run went: what it took, stored and could not take, or why it could not run. */
export function recordFolderScan(db: Db, organizationId: number, at: Date, outcome: IntakeOutcome): void {
  db.update(receivedFolders).set({ lastScannedAt: at.toISOString(), ...intakeColumns(outcome) })
    .where(eq(receivedFolders.organizationId, organizationId)).run();
}
