/**
 * Fiscal-archive exports (table `archive_exports`): one row per POST /archive/exports, written with the
 * outbox job that builds its ZIP, so a crash can never keep one without the other. Status moves
 * pending -> running -> ready | failed (running -> pending again while a failed attempt waits for its retry),
 * and ready -> expired when the download window closes (docs/archive.md).
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from './database.ts';
import { enqueueJob } from './outbox.ts';
import { archiveExports } from './schema.ts';

export const ARCHIVE_EXPORT_JOB = 'archive_export';
export const EXPIRE_ARCHIVE_EXPORT_JOB = 'expire_archive_export';

export type ArchiveExportRow = typeof archiveExports.$inferSelect;
export type ArchiveExportStatus = 'pending' | 'running' | 'ready' | 'failed' | 'expired';

export interface NewArchiveExport {
  id: string;
  organizationId: number;
  environment: string;
  from: string; // YYYY-MM-DD
  to: string;
}

/** Writes a pending export and the job that builds it (call inside the caller's transaction). */
export function queueArchiveExport(db: Db, input: NewArchiveExport, at: Date): ArchiveExportRow {
  const row = db.insert(archiveExports).values({ ...input, status: 'pending', createdAt: at.toISOString() }).returning().get();
  enqueueJob(db, ARCHIVE_EXPORT_JOB, { exportId: row.id }, at);
  return row;
}

export function getArchiveExport(db: Db, id: string): ArchiveExportRow | undefined {
  return db.select().from(archiveExports).where(eq(archiveExports.id, id)).get();
}

/** Newest first, within the environments the caller may see. */
export function listArchiveExports(
  db: Db, organizationId: number, environments: readonly string[], page: { limit: number; offset: number },
): { rows: ArchiveExportRow[]; total: number } {
  const where = and(eq(archiveExports.organizationId, organizationId), inArray(archiveExports.environment, [...environments]));
  const rows = db.select().from(archiveExports).where(where)
    .orderBy(desc(archiveExports.createdAt), desc(archiveExports.id)).limit(page.limit).offset(page.offset).all();
  const total = db.select({ n: count() }).from(archiveExports).where(where).get()?.n ?? 0;
  return { rows, total };
}

/** Status changes only from the states listed, so that a job run twice cannot move a settled export back. */
function move(db: Db, id: string, from: readonly ArchiveExportStatus[], values: Partial<ArchiveExportRow>): boolean {
  return db.update(archiveExports).set(values)
    .where(and(eq(archiveExports.id, id), inArray(archiveExports.status, [...from]))).run().changes > 0;
}

export function markExportRunning(db: Db, id: string): boolean {
  return move(db, id, ['pending', 'running'], { status: 'running', error: null });
}

/** A failed attempt that will be retried: pending again, with the error of the attempt. */
export function markExportPending(db: Db, id: string, error: string): boolean {
  return move(db, id, ['pending', 'running'], { status: 'pending', error: error.slice(0, 2000) });
}

/** The ZIP is complete under its final name: ready until `expiresAt`, when the expiry job removes it. */
export function markExportReady(
  db: Db, id: string, done: { documents: number; sizeBytes: number; filePath: string; finishedAt: Date; expiresAt: Date },
): boolean {
  const moved = move(db, id, ['pending', 'running'], {
    status: 'ready',
    documents: done.documents,
    sizeBytes: done.sizeBytes,
    filePath: done.filePath,
    error: null,
    finishedAt: done.finishedAt.toISOString(),
    expiresAt: done.expiresAt.toISOString(),
  });
  if (moved) enqueueJob(db, EXPIRE_ARCHIVE_EXPORT_JOB, { exportId: id }, done.finishedAt, done.expiresAt);
  return moved;
}

export function markExportFailed(db: Db, id: string, error: string, at: Date): boolean {
  return move(db, id, ['pending', 'running'], { status: 'failed', error: error.slice(0, 2000), finishedAt: at.toISOString() });
}

/** The download window closed and the file is gone. */
export function markExportExpired(db: Db, id: string): boolean {
  return move(db, id, ['ready'], { status: 'expired', filePath: null });
}
