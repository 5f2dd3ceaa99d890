/**
 * Claiming and finishing outbox jobs. A claim is one UPDATE … RETURNING: it marks due jobs `running` with a
 * lease, so two workers (or a worker and its restarted self) never run the same job at once, and a job whose
 * worker died is claimed again once its lease has expired. On PostgreSQL, where several processes share the
 * queue, a claim also marks its jobs as this process's (live-marks.ts), so that a job whose process died goes
 * again at once, without waiting for its lease, and no process ever releases another live one's jobs.
 */
import type { Db } from './database.ts';
import type { Statement } from 'better-sqlite3';
import { prepared } from './prepared.ts';
import { forEngine, onPostgres } from './sql-dialect.ts';
import { jobKeySql, markHeldSql, noteMark, OUTBOX_MARK, releaseMark } from './live-marks.ts';

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
  if (onPostgres(db)) for (const row of [...expired, ...pending]) noteMark(db, OUTBOX_MARK, String(row.id));
  return [...expired, ...pending]
    .map((r) => ({ id: r.id, kind: r.kind, payload: JSON.parse(r.payload) as Record<string, unknown>, attempts: r.attempts, runAt: r.run_at }))
    .sort((a, b) => a.runAt.localeCompare(b.runAt) || a.id - b.id);
}

/**
 * On PostgreSQL several processes claim at once: each skips the rows another is claiming (SQLite has one
 * writer at a time, so there is nothing to skip).
 */
const SKIP_CLAIMED = { sqlite: '', postgres: ' FOR UPDATE SKIP LOCKED' };
/**
 * On PostgreSQL the claimed rows come back with this process's mark taken (a session lock, evaluated per
 * returned row before the claim commits, so no other process ever sees the job `running` without its mark).
 */
const MARK_CLAIMED = { sqlite: '', postgres: `, pg_advisory_lock_shared(${OUTBOX_MARK}, ${jobKeySql('id')}) AS marked` };

function claimWhere(db: Db, kinds: readonly string[], due: string): Statement {
  return prepared(db, `claimJobs:${kinds.length}:${due}`, () =>
    db.$client.prepare(`
      UPDATE outbox_jobs
         SET status = 'running', lease_until = ?, attempts = attempts + 1, updated_at = ?
       WHERE id IN (
         SELECT id FROM outbox_jobs
          WHERE kind IN (${kinds.map(() => '?').join(', ')}) AND ${due}
          ORDER BY run_at, id
          LIMIT ?${forEngine(db, SKIP_CLAIMED)})
      RETURNING id, kind, payload, attempts, run_at${forEngine(db, MARK_CLAIMED)}`),
  );
}

export function completeJob(db: Db, id: number, now: Date): void {
  prepared(db, 'completeJob', () => db.$client.prepare("UPDATE outbox_jobs SET status = 'done', lease_until = NULL, updated_at = ? WHERE id = ?"))
    .run(now.toISOString(), id);
  unmark(db, id);
}

/**
 * Drops this process's mark on a job it finished (PostgreSQL). Called inside the worker's transaction, which
 * holds the writer lock a release of dead leases also takes, so none runs between the unlock and the commit.
 */
function unmark(db: Db, id: number): void {
  releaseMark(db, OUTBOX_MARK, String(id), jobKeySql('CAST(? AS bigint)'), id);
}

/** Puts a failed job back in the queue for `retryAt`, or marks it failed for good when `retryAt` is null. */
export function failJob(db: Db, id: number, error: string, retryAt: Date | null, now: Date): void {
  prepared(db, 'failJob', () =>
    db.$client.prepare('UPDATE outbox_jobs SET status = ?, run_at = COALESCE(?, run_at), lease_until = NULL, last_error = ?, updated_at = ? WHERE id = ?'),
  ).run(retryAt ? 'pending' : 'failed', retryAt?.toISOString() ?? null, error.slice(0, 2000), now.toISOString(), id);
  unmark(db, id);
}

/**
 * Puts the jobs left `running` by a process that died (kill -9, power cut) back to `pending`, due at once
 * (their `run_at` had already come when they were claimed), instead of after their leases expire. The
 * interrupted attempt stays counted in `attempts`.
 * SQLite: for start-up only, before this process's worker claims anything: the one worker of a data
 * directory is starting, so every `running` job is a dead process's.
 * PostgreSQL: only the jobs no live process marks (live-marks.ts); safe at any time, in any process.
 */
export function releaseLeases(db: Db, now: Date): number {
  if (!onPostgres(db)) {
    return db.$client
      .prepare("UPDATE outbox_jobs SET status = 'pending', lease_until = NULL, updated_at = ? WHERE status = 'running'")
      .run(now.toISOString()).changes;
  }
  // In a write transaction: its writer lock keeps out a worker between unmarking a job and committing it done.
  return db.$client.transaction(() => db.$client
    .prepare(`UPDATE outbox_jobs SET status = 'pending', lease_until = NULL, updated_at = ?
               WHERE status = 'running' AND NOT ${markHeldSql(OUTBOX_MARK, jobKeySql('outbox_jobs.id'))}`)
    .run(now.toISOString()).changes).immediate();
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
                 AND CAST(json_extract(payload, '$.documentId') AS INTEGER) IN (SELECT id FROM documents WHERE environment = ? AND status = 'queued')`)
    .run(iso, iso, iso, ...kinds, environment).changes;
}

/** Keeps a long job's claim: its lease runs until `until` (a job still running after its lease is claimed again). */
export function extendLease(db: Db, id: number, until: Date): void {
  prepared(db, 'extendLease', () => db.$client.prepare("UPDATE outbox_jobs SET lease_until = ? WHERE id = ? AND status = 'running'"))
    .run(until.toISOString(), id);
}
