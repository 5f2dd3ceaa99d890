/**
 * The durable outbox: jobs written in the same transaction as the change that needs them (tables
 * `outbox_jobs` and `events` of schema.ts; plain prepared statements, as these run for every document).
 */
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { randomUUID } from 'node:crypto';

export function enqueueJob(db: Db, kind: string, payload: Record<string, unknown>, now: Date, runAt: Date = now): number {
  const statement = prepared(db, 'enqueueJob', () =>
    db.$client.prepare("INSERT INTO outbox_jobs (kind, payload, status, run_at, attempts, created_at, updated_at) VALUES (?, ?, 'pending', ?, 0, ?, ?)"),
  );
  const iso = now.toISOString();
  return Number(statement.run(kind, JSON.stringify(payload), runAt.toISOString(), iso, iso).lastInsertRowid);
}

export function recordEvent(db: Db, organizationId: number, type: string, payload: Record<string, unknown>, now: Date): string {
  const statement = prepared(db, 'recordEvent', () =>
    db.$client.prepare('INSERT INTO events (uuid, organization_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)'),
  );
  const uuid = randomUUID();
  statement.run(uuid, organizationId, type, JSON.stringify(payload), now.toISOString());
  return uuid;
}

/**
 * One pending job of `kind` per organization (a mailbox's poll): the pending one is brought forward to `runAt`
 * when that is sooner, or one is written. Returns whether a job was written.
 */
export function scheduleOrganizationJob(db: Db, kind: string, organizationId: number, now: Date, runAt: Date): boolean {
  const at = runAt.toISOString();
  const moved = db.$client.prepare(
    // CASE rather than SQLite's two-argument min(), which PostgreSQL calls least().
    "UPDATE outbox_jobs SET run_at = CASE WHEN run_at < ? THEN run_at ELSE ? END, updated_at = ? WHERE kind = ? AND status = 'pending' AND CAST(json_extract(payload, '$.organizationId') AS INTEGER) = ?",
  ).run(at, at, now.toISOString(), kind, organizationId).changes;
  if (moved > 0) return false;
  enqueueJob(db, kind, { organizationId }, now, runAt);
  return true;
}
