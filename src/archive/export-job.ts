/**
 * The outbox handlers of fiscal-archive exports.
 *
 * `archive_export` builds the ZIP of one `archive_exports` row: pending -> running, then ready (with its
 * size, document count and download window) in the job's own commit, or pending again with the error while
 * a retry waits, and failed after the last attempt. A run after a crash starts over: the ZIP is rebuilt
 * from scratch under a temporary name (write-archive.ts). While it runs, it keeps renewing its lease, so a
 * long export is never claimed a second time under its feet.
 *
 * `expire_archive_export` is due when the download window closes: it removes the file and marks the row
 * expired.
 */
import { mkdir, rm } from 'node:fs/promises';
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { getArchiveExport, markExportExpired, markExportFailed, markExportPending, markExportReady, markExportRunning, type ArchiveExportRow } from '../store/archive-exports.ts';
import { retryDelay, type BackoffPolicy } from '../outbox/backoff.ts';
import { RetryAt, type Commit, type JobHandler } from '../outbox/worker.ts';
import type { OutboxJob } from '../store/outbox-jobs.ts';
import { withLeaseHeartbeat } from '../outbox/lease-heartbeat.ts';
import { downloadWindowEnd, exportAbsolutePath, exportRelativePath, EXPORTS_FOLDER } from './export-state.ts';
import { writeArchiveZip } from './write-archive.ts';
import { PRIVATE_DIR_MODE } from '../private-files.ts';

/** Three attempts, 30 s then about a minute apart: a full disk or a locked file gets a second and third chance. */
export const EXPORT_BACKOFF: BackoffPolicy = { baseMs: 30_000, capMs: 10 * 60_000, maxAttempts: 3 };

export interface ArchiveJobDependencies {
  store: Store;
  clock: Clock;
  dataDir: string;
  random?: () => number;
}

const exportIdOf = (payload: Record<string, unknown>): string => String(payload['exportId'] ?? '');

/** Builds the ZIP; on failure, retried with the backoff until it is used up, then marked failed. */
async function buildExport(deps: ArchiveJobDependencies, job: OutboxJob, id: string, row: ArchiveExportRow): Promise<Commit> {
  const { store, clock } = deps;
  try {
    await mkdir(exportAbsolutePath(deps.dataDir, EXPORTS_FOLDER), { recursive: true, mode: PRIVATE_DIR_MODE });
    const filePath = exportRelativePath(id);
    const range = { organizationId: row.organizationId, environment: row.environment, from: row.from, to: row.to };
    const summary = await writeArchiveZip(store.db, range, exportAbsolutePath(deps.dataDir, filePath), { now: clock.now() });
    const finishedAt = clock.now();
    return () => {
      markExportReady(store.db, id, { ...summary, filePath, finishedAt, expiresAt: downloadWindowEnd(finishedAt) });
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const delay = retryDelay(EXPORT_BACKOFF, job.attempts, deps.random);
    if (delay === null) {
      return () => {
        markExportFailed(store.db, id, message, clock.now());
      };
    }
    throw new RetryAt(new Date(clock.now().getTime() + delay), message, () => {
      markExportPending(store.db, id, message);
    });
  }
}

export function archiveExportHandler(deps: ArchiveJobDependencies): JobHandler {
  return async (job) => {
    const id = exportIdOf(job.payload);
    const row = getArchiveExport(deps.store.db, id);
    // Gone, or settled by an earlier run of this job: nothing to do.
    if (!row || !markExportRunning(deps.store.db, id)) return;
    return withLeaseHeartbeat(deps, job.id, () => buildExport(deps, job, id, row));
  };
}

export function expireArchiveExportHandler(deps: ArchiveJobDependencies): JobHandler {
  const { store, clock } = deps;
  return async (job) => {
    const id = exportIdOf(job.payload);
    const row = getArchiveExport(store.db, id);
    if (!row || row.status !== 'ready') return;
    if (row.expiresAt && Date.parse(row.expiresAt) > clock.now().getTime()) throw new RetryAt(new Date(row.expiresAt), 'not expired yet');
    if (row.filePath) await rm(exportAbsolutePath(deps.dataDir, row.filePath), { force: true });
    return () => {
      markExportExpired(store.db, id);
    };
  };
}
