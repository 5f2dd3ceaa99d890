/**
 * Starts an export of the fiscal archive (POST /archive/exports): the pending export and the outbox job
 * that builds its ZIP (export-job.ts) are written in one transaction, and the outbox is woken so the job
 * starts at once. docs/archive.md
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/clock.ts';
import type { OutboxWorker } from '../outbox/worker.ts';
import type { Store } from '../store/database.ts';
import { queueArchiveExport, type ArchiveExportRow } from '../store/archive-exports.ts';

/** What starting an export needs: the store, the time, and the outbox to wake. */
export interface StartExportDependencies {
  store: Pick<Store, 'transaction'>;
  clock: Clock;
  outbox: Pick<OutboxWorker, 'wake'>;
}

/** The documents of one organization and environment issued from `from` to `to` (YYYY-MM-DD, inclusive). */
export interface ExportRange {
  organizationId: number;
  environment: string;
  from: string;
  to: string;
}

/** The queued export, and the instant it was queued at (the answer's timestamp). */
export interface StartedExport {
  row: ArchiveExportRow;
  at: Date;
}

export function startArchiveExport(deps: StartExportDependencies, range: ExportRange): StartedExport {
  const at = deps.clock.now();
  const row = deps.store.transaction((db) => queueArchiveExport(db, { id: randomUUID(), ...range }, at));
  deps.outbox.wake();
  return { row, at };
}
