/**
 * Claiming and finishing outbox jobs. A claim is one UPDATE … RETURNING: it marks due jobs `running` with a
 * lease, so two workers (or a worker and its restarted self) never run the same job at once, and a job whose
 * worker died is claimed again once its lease has expired.
 */
import type { Db } from './database.ts';
import type { Statement } from 'better-sqlite3';
import { prepared } from './prepared.ts';

export interface OutboxJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number; // including the current one
  runAt: string;
}

interface JobRow {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  run_at: string;
}

/**
 * Claims up to `limit` due jobs of the given kinds: running ones whose lease expired (their worker died)
 * first, then pending ones in due order. Two statements, because one with an OR cannot walk the
 * (status, run_at) index in order and would sort every due job of a backlog on each claim.
 */
export function claimJobs(db: Db, kinds: readonly string[], now: Date, leaseMs: number, limit: number): OutboxJob[] {
  if (kinds.length === 0 || limit <= 0) return [];
  const iso = now.toISOString();
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  const expired = claimWhere(db, kinds, "status = 'running' AND lease_until <= ?").all(lease, iso, ...kinds, iso, limit) as JobRow[];
  const pending = expired.length < limit
    ? claimWhere(db, kinds, "status = 'pending' AND run_at <= ?").all(lease, iso, ...kinds, iso, limit - expired.length) as JobRow[]
    : [];
  return [...expired, ...pending]
    .map((r) => ({ id: r.id, kind: r.kind, payload: JSON.parse(r.payload) as Record<string, unknown>, attempts: r.attempts, runAt: r.run_at }))
    .sort((a, b) => a.runAt.localeCompare(b.runAt) || a.id - b.id);
}

function claimWhere(db: Db, kinds: readonly string[], due: string): Statement {
  return prepared(db, `claimJobs:${kinds.length}:${due}`, () =>
    db.$client.prepare(`
      UPDATE outbox_jobs
         SET status = 'running', lease_until = ?, attempts = attempts + 1, updated_at = ?
       WHERE id IN (
         SELECT id FROM outbox_jobs
          WHERE kind IN (${kinds.map(() => '?').join(', ')}) AND ${due}
          ORDER BY run_at, id
          LIMIT ?)
      RETURNING id, kind, payload, attempts, run_at`),
  );
}

export function completeJob(db: Db, id: number, now: Date): void {
  prepared(db, 'completeJob', () => db.$client.prepare("UPDATE outbox_jobs SET status = 'done', lease_until = NULL, updated_at = ? WHERE id = ?"))
    .run(now.toISOString(), id);
}

/** Puts a failed job back in the queue for `retryAt`, or marks it failed for good when `retryAt` is null. */
export function failJob(db: Db, id: number, error: string, retryAt: Date | null, now: Date): void {
  prepared(db, 'failJob', () =>
    db.$client.prepare('UPDATE outbox_jobs SET status = ?, run_at = COALESCE(?, run_at), lease_until = NULL, last_error = ?, updated_at = ? WHERE id = ?'),
  ).run(retryAt ? 'pending' : 'failed', retryAt?.toISOString() ?? null, error.slice(0, 2000), now.toISOString(), id);
}

/**
 * Puts every job left `running` back to `pending`, due at once (its `run_at` had already come when it was
 * claimed). For start-up only, before this process's worker claims anything: the one worker of a data
 * directory is starting, so a `running` job can only belong to a process that died (kill -9, power cut)
 * and need not wait for its lease to expire. The interrupted attempt stays counted in `attempts`.
 */
export function releaseLeases(db: Db, now: Date): number {
  return db.$client
    .prepare("UPDATE outbox_jobs SET status = 'pending', lease_until = NULL, updated_at = ? WHERE status = 'running'")
    .run(now.toISOString()).changes;
}

/** When the next job of these kinds becomes due (for the worker's sleep), or undefined when none waits. */
export function nextDueAt(db: Db, kinds: readonly string[]): string | undefined {
  if (kinds.length === 0) return undefined;
  const row = db.$client
    .prepare(`SELECT MIN(CASE WHEN status = 'pending' THEN run_at ELSE lease_until END) AS due FROM outbox_jobs
               WHERE kind IN (${kinds.map(() => '?').join(', ')}) AND status IN ('pending', 'running')`)
    .get(...kinds) as { due: string | null };
  return row.due ?? undefined;
}

/**
 * Makes every waiting job of these kinds due now, for one environment's documents: when the tax authority
 * answers again after an outage, queued documents go at once instead of at their backoff times.
 */
export function rescheduleWaiting(db: Db, kinds: readonly string[], environment: string, now: Date): number {
  const iso = now.toISOString();
  return db.$client
    .prepare(`UPDATE outbox_jobs SET run_at = ?, updated_at = ?
               WHERE status = 'pending' AND run_at > ? AND kind IN (${kinds.map(() => '?').join(', ')})
                 AND json_extract(payload, '$.documentId') IN (SELECT id FROM documents WHERE environment = ? AND status = 'queued')`)
    .run(iso, iso, iso, ...kinds, environment).changes;
}

/** Keeps a long job's claim: its lease runs until `until` (a job still running after its lease is claimed again). */
export function extendLease(db: Db, id: number, until: Date): void {
  prepared(db, 'extendLease', () => db.$client.prepare("UPDATE outbox_jobs SET lease_until = ? WHERE id = ? AND status = 'running'"))
    .run(until.toISOString(), id);
}
