/**
 * The outbox job `replicate-documents` (docs/replication.md): sends the organization's documents the head
 * office has not confirmed, 200 a request, oldest first, and records each confirmed version right after its
 * answer — so an outage or a crash anywhere resumes where it stopped and the head office, idempotent by clave,
 * stores each document exactly once. Nothing at the counter waits for it: the counter only wakes it
 * (waker.ts). An unreachable head office is retried with backoff for as long as it takes; a refusal
 * (a revoked till) is recorded for the Settings screen and tried again at the next sweep. While the link
 * exists there is always one pending job: each run ends by scheduling the next sweep.
 */
import type { Clock } from '../../domain/clock.ts';
import type { Vault } from '../../secrets/vault.ts';
import type { Store } from '../../store/database.ts';
import { getHeadOfficeLink, recordPush, stillLinked } from '../../store/head-office-links.ts';
import { markReplicated, REPLICATE_DOCUMENTS_JOB, waitingDocuments } from '../../store/replication-queue.ts';
import type { BackoffPolicy } from '../../outbox/backoff.ts';
import type { JobHandler } from '../../outbox/worker.ts';
import { REPLICATION_BATCH } from '../wire.ts';
import type { HeadOfficeClient } from './head-office-client.ts';
import { againIn, runLinkJob } from './link-job.ts';
import { outgoingDocument } from './outgoing.ts';

export { REPLICATE_DOCUMENTS_JOB };

/** The head office down: retried soon at first, then every minute at most (it is usually back within one). */
export const REPLICATION_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 60_000 };
/** The sweep while nothing wakes the job: documents a crash kept from the waker still go. */
export const SWEEP_MS = 5 * 60_000;
/** One run sends for at most this long, then hands over to the next (leases stay short, other jobs run). */
const RUN_BUDGET_MS = 20_000;

export interface ReplicateDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
  batchSize?: number;
}

export function replicateDocumentsHandler(deps: ReplicateDependencies): JobHandler {
  // One push per organization at a time in this process (the till's one server): a second job of the same
  // organization, woken while the first is still sending, comes back a moment later instead.
  const running = new Set<number>();
  return async (job) => {
    const organizationId = Number(job.payload['organizationId']);
    if (running.has(organizationId)) return againIn(deps, REPLICATE_DOCUMENTS_JOB, organizationId)(1_000);
    const link = getHeadOfficeLink(deps.store.db, organizationId);
    if (!link) return; // unlinked meanwhile: nothing to send, and no next sweep
    running.add(organizationId);
    try {
      // A failure other than a refusal is thrown: the outbox retries with REPLICATION_BACKOFF.
      return await runLinkJob(deps, {
        kind: REPLICATE_DOCUMENTS_JOB, jobId: job.id, organizationId, link, record: recordPush, intervalMs: SWEEP_MS,
        work: (client) => pushWaiting(deps, organizationId, client, link.pairedAt),
        outcome: (outcome) => ({
          error: outcome.conflicts.length > 0 ? `${outcome.conflicts.length} conflict(s): ${outcome.conflicts.slice(0, 3).join('; ')}` : null,
          nextMs: outcome.finished ? SWEEP_MS : 0,
        }),
      });
    } finally {
      running.delete(organizationId);
    }
  };
}

/**
 * The head office takes request bodies of up to 20 MB: a batch stops before its XML (base64, a third larger)
 * passes 8 MB, so that 200 long invoices with their answers still go, in several requests. One document
 * always goes, whatever its size.
 */
const BATCH_BYTES = 8 * 1024 * 1024;

function withinBudget<T extends { signedXml: Buffer; responseXml: Buffer | null }>(rows: T[]): T[] {
  let bytes = 0;
  for (let i = 0; i < rows.length; i++) {
    bytes += Math.ceil(((rows[i]!.signedXml.length + (rows[i]!.responseXml?.length ?? 0)) * 4) / 3) + 1_024;
    if (bytes > BATCH_BYTES && i > 0) return rows.slice(0, i);
  }
  return rows;
}

/**
 * Sends batch after batch until none is left (`finished`) or the run's budget is spent. Documents the head
 * office called a conflict stay waiting (and are named in the link's last error); the batches go on past them.
 */
export async function pushWaiting(deps: ReplicateDependencies, organizationId: number, client: HeadOfficeClient, pairedAt: string): Promise<{ sent: number; conflicts: string[]; finished: boolean }> {
  const started = Date.now();
  const conflicts: string[] = [];
  let afterId = 0;
  let sent = 0;
  for (;;) {
    const rows = withinBudget(waitingDocuments(deps.store.db, organizationId, afterId, deps.batchSize ?? REPLICATION_BATCH));
    if (rows.length === 0) return { sent, conflicts, finished: true };
    const results = await client.pushDocuments(rows.map(outgoingDocument));
    const outcomes = new Map(results.map((r) => [r.clave, r]));
    const confirmed: { id: number; version: string }[] = [];
    for (const row of rows) {
      const result = outcomes.get(row.clave);
      if (result && result.outcome !== 'conflict') confirmed.push({ id: row.id, version: row.updatedAt });
      else conflicts.push(`${row.clave}${result?.message ? ` (${result.message})` : ''}`);
    }
    // Confirmed by the head office this run was paired with, or by none: re-paired meanwhile, they wait again.
    const same = deps.store.transaction((db) => {
      if (!stillLinked(db, organizationId, pairedAt)) return false;
      markReplicated(db, confirmed);
      return true;
    });
    if (!same) return { sent, conflicts, finished: true };
    sent += confirmed.length;
    afterId = rows[rows.length - 1]!.id;
    if (Date.now() - started > RUN_BUDGET_MS) return { sent, conflicts, finished: false };
  }
}
