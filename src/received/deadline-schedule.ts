/**
 * When the daily deadline job (deadline-digest-job.ts) runs: every morning at 06:00 Costa Rica time, one pending
 * job per organization. It is scheduled when a document that awaits an answer is stored and when the digest is
 * switched on, and it schedules its next run while either still needs it.
 */
import type { Db } from '../store/database.ts';
import { scheduleOrganizationJob } from '../store/outbox.ts';

export const RECEIVED_DEADLINES_JOB = 'received_deadlines';

/** 06:00 in Costa Rica (UTC-6, no daylight saving) is 12:00 UTC: the digest is in the inbox when the shop opens. */
const RUN_HOUR_UTC = 12;

/** The first 06:00 Costa Rica time after `now`. */
function nextMorning(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC);
  return new Date(today > now.getTime() ? today : today + 86_400_000);
}

/** Has the organization's deadline job run at `runAt` (brought forward when one is pending later). */
export function scheduleDeadlineJob(db: Db, organizationId: number, now: Date, runAt: Date = nextMorning(now)): void {
  scheduleOrganizationJob(db, RECEIVED_DEADLINES_JOB, organizationId, now, runAt);
}
