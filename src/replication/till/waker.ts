/**
 * Brings the `replicate-documents` job forward when a document is issued or changes status, without adding a
 * write to the issuing transaction: core's `emit` calls `notice` (in memory), and a few seconds later one
 * short transaction schedules the organization's job for every document of those seconds. A crash in between
 * loses nothing: the job also sweeps on its own every few minutes while a link exists (replicate-job.ts), and
 * the documents themselves say what is waiting (store/replication-queue.ts).
 */
import { scheduleOrganizationJob } from '../../store/outbox.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Store } from '../../store/database.ts';
import { linkedOrganizationIds } from '../../store/head-office-links.ts';
import { REPLICATE_DOCUMENTS_JOB } from '../../store/replication-queue.ts';

/** How long after a document the push starts: a burst at the counter goes in one request. */
export const PUSH_DELAY_MS = 2_000;
/** How long the list of linked organizations is trusted (a `facturador pair` of another process shows up after it). */
const LINKS_TTL_MS = 30_000;

export class ReplicationWaker {
  private linked: Set<number> | undefined;
  private linkedAt = 0;
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly deps: { store: Store; clock: Clock; wake: () => void; delayMs?: number }) {}

  /** A document of `organizationId` was saved or changed: push it soon if the organization has a head office. */
  notice(organizationId: number): void {
    if (this.closed || this.timers.has(organizationId) || !this.isLinked(organizationId)) return;
    const timer = setTimeout(() => this.fire(organizationId), this.deps.delayMs ?? PUSH_DELAY_MS);
    timer.unref();
    this.timers.set(organizationId, timer);
  }

  /** The links changed (paired, unlinked): read them again on the next document. */
  forget(): void {
    this.linked = undefined;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private isLinked(organizationId: number): boolean {
    const now = Date.now();
    if (!this.linked || now - this.linkedAt > LINKS_TTL_MS) {
      this.linked = new Set(linkedOrganizationIds(this.deps.store.db));
      this.linkedAt = now;
    }
    return this.linked.has(organizationId);
  }

  private fire(organizationId: number): void {
    this.timers.delete(organizationId);
    if (this.closed) return;
    try {
      const now = this.deps.clock.now();
      this.deps.store.transaction((db) => scheduleOrganizationJob(db, REPLICATE_DOCUMENTS_JOB, organizationId, now, now));
      this.deps.wake();
    } catch {
      // The store refused (closing, busy): the job's own sweep sends these documents a little later.
    }
  }
}
