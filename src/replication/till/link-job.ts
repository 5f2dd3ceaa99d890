/**
 * What a till's outbox jobs against its head office share (pull-job.ts, replicate-job.ts): the next run of the
 * same job, and a run's skeleton — the work under a lease heartbeat, then the link's record and the next run;
 * a refusal recorded and tried again at the usual interval; anything else (an unreachable head office)
 * recorded and thrown, for the outbox to retry with its backoff.
 */
import { scheduleOrganizationJob } from '../../store/outbox.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Vault } from '../../secrets/vault.ts';
import type { Db } from '../../store/db.ts';
import type { Store } from '../../store/database.ts';
import type { HeadOfficeLinkRow } from '../../store/head-office-links.ts';
import { withLeaseHeartbeat } from '../../outbox/lease-heartbeat.ts';
import { HeadOfficeClient, HeadOfficeRefused, HeadOfficeUnreachable } from './head-office-client.ts';
import { openToken } from './link.ts';

export interface LinkJobDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
}

/** Schedules job `kind` of the organization again in `ms` (as a step to run after the job). */
export function againIn(deps: LinkJobDependencies, kind: string, organizationId: number): (ms: number) => () => void {
  return (ms) => () => {
    const now = deps.clock.now();
    scheduleOrganizationJob(deps.store.db, kind, organizationId, now, new Date(now.getTime() + ms));
  };
}

export interface LinkJob<T> {
  kind: string;
  jobId: number;
  organizationId: number;
  link: HeadOfficeLinkRow;
  /** Notes the run on the link: its time and error (null when it went well). */
  record(db: Db, organizationId: number, at: Date, error: string | null): void;
  /** When to run again after a refusal. */
  intervalMs: number;
  /** The work, with a client of the head office. */
  work(client: HeadOfficeClient): Promise<T>;
  /** What the finished work leaves on the link, and when to run again. */
  outcome(result: T): { error: string | null; nextMs: number };
}

/** Runs `job.work` against the head office; the step to run after the job (the outbox worker's). */
export async function runLinkJob<T>(deps: LinkJobDependencies, job: LinkJob<T>): Promise<() => void> {
  const { organizationId } = job;
  const again = againIn(deps, job.kind, organizationId);
  try {
    const client = new HeadOfficeClient({ url: job.link.url, token: openToken(deps.vault, job.link) });
    const result = await withLeaseHeartbeat(deps, job.jobId, () => job.work(client));
    const { error, nextMs } = job.outcome(result);
    return () => {
      job.record(deps.store.db, organizationId, deps.clock.now(), error);
      again(nextMs)();
    };
  } catch (error) {
    if (error instanceof HeadOfficeRefused) {
      const message = `${error.code}: ${error.message}`;
      return () => {
        job.record(deps.store.db, organizationId, deps.clock.now(), message);
        again(job.intervalMs)();
      };
    }
    const message = error instanceof HeadOfficeUnreachable ? `head office unreachable: ${error.message}` : String(error instanceof Error ? error.message : error);
    deps.store.transaction((db) => job.record(db, organizationId, deps.clock.now(), message));
    throw error;
  }
}
