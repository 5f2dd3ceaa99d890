/**
 * The outbox job `pull-head-office` (docs/replication.md): asks the head office for the products and customers
 * changed since the link's cursor and writes them over the till's own (the head office wins), one page per
 * transaction together with the cursor that follows it, so an interrupted pull resumes after the last page it
 * applied. Runs right after pairing and then every few minutes; an unreachable head office is retried with the
 * outbox's backoff, and the counter keeps selling with what it has.
 */
import type { Clock } from '../../domain/clock.ts';
import type { Vault } from '../../secrets/vault.ts';
import type { Store } from '../../store/database.ts';
import { applyHeadOfficeChanges } from '../../store/head-office-changes.ts';
import { getHeadOfficeLink, recordPull, stillLinked } from '../../store/head-office-links.ts';
import { PULL_HEAD_OFFICE_JOB } from '../../store/replication-queue.ts';
import type { JobHandler } from '../../outbox/worker.ts';
import type { HeadOfficeClient } from './head-office-client.ts';
import { runLinkJob } from './link-job.ts';
import { incomingCustomer, incomingProduct } from './incoming.ts';

export { PULL_HEAD_OFFICE_JOB };

/** How often a linked till asks for changes. */
export const PULL_INTERVAL_MS = 5 * 60_000;
const PAGE = 500;
/** Pages per run: a first pull of a large catalogue goes on in the next run, right away. */
const PAGES_PER_RUN = 20;

export interface PullDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
}

export function pullHeadOfficeHandler(deps: PullDependencies): JobHandler {
  return async (job) => {
    const organizationId = Number(job.payload['organizationId']);
    const link = getHeadOfficeLink(deps.store.db, organizationId);
    if (!link) return;
    return runLinkJob(deps, {
      kind: PULL_HEAD_OFFICE_JOB, jobId: job.id, organizationId, link, record: recordPull, intervalMs: PULL_INTERVAL_MS,
      work: (client) => pullPages(deps, organizationId, client, link),
      outcome: (more) => ({ error: null, nextMs: more ? 0 : PULL_INTERVAL_MS }),
    });
  };
}

/** Applies pages until the head office has no more (false) or the run's pages are spent (true: more to come). */
export async function pullPages(deps: PullDependencies, organizationId: number, client: HeadOfficeClient, link: { pullCursor: string | null; pairedAt: string }): Promise<boolean> {
  let since = link.pullCursor;
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    const changes = await client.changes(since, PAGE);
    const products = changes.products.map(incomingProduct).filter((p) => p !== undefined);
    const customers = changes.customers.map(incomingCustomer).filter((c) => c !== undefined);
    const next = changes.next_cursor ?? since;
    // Applied only while the till reports to the head office that answered (not after an unlink and a new pairing).
    const applied = deps.store.transaction((db) => {
      if (!stillLinked(db, organizationId, link.pairedAt)) return false;
      applyHeadOfficeChanges(db, organizationId, { products, customers, cursor: next }, deps.clock.now());
      return true;
    });
    if (!applied) return false;
    since = next;
    if (!changes.more) return false;
  }
  return true;
}
