/**
 * Till side of replication (docs/replication.md): the head office this organization reports to, one row per
 * organization. The token column holds vault ciphertext only; sealing and opening it is
 * replication/till/link.ts's job.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { headOfficeLinks } from './schema.ts';

export type HeadOfficeLinkRow = typeof headOfficeLinks.$inferSelect;
export type NewHeadOfficeLink = typeof headOfficeLinks.$inferInsert;

export function getHeadOfficeLink(db: Db, organizationId: number): HeadOfficeLinkRow | undefined {
  return db.select().from(headOfficeLinks).where(eq(headOfficeLinks.organizationId, organizationId)).get();
}

/**
 * Whether the organization still reports to the head office it was paired with at `pairedAt`: a run that began
 * before an unlink and a new pairing must not write what the old head office answered into the new link.
 */
export function stillLinked(db: Db, organizationId: number, pairedAt: string): boolean {
  return getHeadOfficeLink(db, organizationId)?.pairedAt === pairedAt;
}

/** Every organization of this store that reports to a head office. */
export function linkedOrganizationIds(db: Db): number[] {
  return db.select({ id: headOfficeLinks.organizationId }).from(headOfficeLinks).all().map((r) => r.id);
}

export function insertHeadOfficeLink(db: Db, row: NewHeadOfficeLink): HeadOfficeLinkRow {
  return db.insert(headOfficeLinks).values(row).returning().get();
}

/** False when the organization had no link. */
export function deleteHeadOfficeLink(db: Db, organizationId: number): boolean {
  return db.delete(headOfficeLinks).where(eq(headOfficeLinks.organizationId, organizationId)).run().changes > 0;
}

/** After a push: when it succeeded (`error` null) or what went wrong (the last success is kept). */
export function recordPush(db: Db, organizationId: number, at: Date, error: string | null): void {
  const changes = error === null ? { lastPushAt: at.toISOString(), lastError: null } : { lastError: error };
  db.update(headOfficeLinks).set(changes).where(eq(headOfficeLinks.organizationId, organizationId)).run();
}

/** After a pull: when it finished (`error` null; the cursor moved with each page) or what went wrong. */
export function recordPull(db: Db, organizationId: number, at: Date, error: string | null): void {
  const changes = error === null ? { lastPullAt: at.toISOString(), lastError: null } : { lastError: error };
  db.update(headOfficeLinks).set(changes).where(eq(headOfficeLinks.organizationId, organizationId)).run();
}
