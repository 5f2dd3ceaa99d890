/**
 * The deadline digest's settings as the Settings screen changes them (PUT /settings/received-digest): who gets
 * it (1 to 4 addresses) and how many business days ahead a deadline is announced. Saving an enabled digest has
 * the daily job run now, so today's digest goes at once if one is due (and never twice in a day).
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { saveDigestSettings, type DigestSettingsRow } from '../store/received-digest-settings.ts';
import { CLOSING_BUSINESS_DAYS } from './answer-deadline.ts';
import { scheduleDeadlineJob } from './deadline-schedule.ts';

/** Business days ahead announced by default: the same as the screen's "closing" (answer-deadline.ts). */
export const DEFAULT_DAYS_BEFORE = CLOSING_BUSINESS_DAYS;

export interface DigestInput {
  /** The environment of the key that set it up: whose documents the digest lists. */
  environment: string;
  enabled: boolean;
  recipients: string[];
  daysBefore: number;
}

export function configureDigest(deps: { store: Pick<Store, 'transaction'>; clock: Clock }, organizationId: number, input: DigestInput): DigestSettingsRow {
  const now = deps.clock.now();
  const iso = now.toISOString();
  // The same address twice (in any case) would get the same digest twice: the first as typed is kept.
  const seen = new Set<string>();
  const recipients = input.recipients.map((r) => r.trim()).filter((r) => !seen.has(r.toLowerCase()) && seen.add(r.toLowerCase()));
  return deps.store.transaction((db) => {
    const row = saveDigestSettings(db, { organizationId, environment: input.environment, enabled: input.enabled, recipients, daysBefore: input.daysBefore, createdAt: iso, updatedAt: iso });
    if (input.enabled) scheduleDeadlineJob(db, organizationId, now, now);
    return row;
  });
}
