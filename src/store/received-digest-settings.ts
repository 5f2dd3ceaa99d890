/**
 * The deadline digest's settings (table `received_digest_settings`, one row per organization) and the day its
 * last digest went out, which keeps a day's digest from being sent twice.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { receivedDigestSettings } from './schema.ts';

export type DigestSettingsRow = typeof receivedDigestSettings.$inferSelect;
export type NewDigestSettings = Omit<typeof receivedDigestSettings.$inferInsert, 'lastSentOn' | 'lastError'>;

export function getDigestSettings(db: Db, organizationId: number): DigestSettingsRow | undefined {
  return db.select().from(receivedDigestSettings).where(eq(receivedDigestSettings.organizationId, organizationId)).get();
}

/** Inserts or replaces the row; `createdAt` and the day of the last digest survive a replacement. */
export function saveDigestSettings(db: Db, row: NewDigestSettings): DigestSettingsRow {
  const { organizationId: _o, createdAt: _c, ...changes } = row;
  return db.insert(receivedDigestSettings).values(row)
    .onConflictDoUpdate({ target: receivedDigestSettings.organizationId, set: changes })
    .returning()
    .get();
}

/** False when the organization had none. */
export function deleteDigestSettings(db: Db, organizationId: number): boolean {
  return db.delete(receivedDigestSettings).where(eq(receivedDigestSettings.organizationId, organizationId)).run().changes > 0;
}

/**
 * Takes `day` (YYYY-MM-DD) for a digest about to be sent: false when that day's digest was already taken, so two
 * runs can never both send it. A send that then fails gives the day back (`releaseDigestDay`).
 */
export function claimDigestDay(db: Db, organizationId: number, day: string, at: Date): { previous: string | null } | false {
  const row = getDigestSettings(db, organizationId);
  if (!row || row.lastSentOn === day) return false;
  db.update(receivedDigestSettings).set({ lastSentOn: day, lastError: null, updatedAt: at.toISOString() })
    .where(eq(receivedDigestSettings.organizationId, organizationId)).run();
  return { previous: row.lastSentOn };
}

/** The digest could not be sent: the day is given back (`previous`) and why is kept for the settings screen. */
export function releaseDigestDay(db: Db, organizationId: number, previous: string | null, error: string, at: Date): void {
  db.update(receivedDigestSettings).set({ lastSentOn: previous, lastError: error, updatedAt: at.toISOString() })
    .where(eq(receivedDigestSettings.organizationId, organizationId)).run();
}
