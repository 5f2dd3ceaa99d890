/**
 * Keeps a long job's lease ahead of the clock while it runs (an archive export, a mailbox poll), so that the
 * worker never claims it a second time under its feet; the lease stops being renewed when `run` settles.
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { extendLease } from '../store/outbox-jobs.ts';

const HEARTBEAT_MS = 15_000;
const LEASE_AHEAD_MS = 2 * 60_000;

export async function withLeaseHeartbeat<T>(deps: { store: Pick<Store, 'db'>; clock: Clock }, jobId: number, run: () => Promise<T>): Promise<T> {
  const renew = () => extendLease(deps.store.db, jobId, new Date(deps.clock.now().getTime() + LEASE_AHEAD_MS));
  renew();
  const heartbeat = setInterval(renew, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    return await run();
  } finally {
    clearInterval(heartbeat);
  }
}
