/**
 * The outgoing mail server of an organization (one row per organization). The password column holds
 * vault ciphertext only; sealing and opening it is email/smtp-settings.ts's job.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { smtpSettings } from './schema.ts';

export type SmtpSettingsRow = typeof smtpSettings.$inferSelect;
export type NewSmtpSettings = typeof smtpSettings.$inferInsert;

export function getSmtpSettings(db: Db, organizationId: number): SmtpSettingsRow | undefined {
  return db.select().from(smtpSettings).where(eq(smtpSettings.organizationId, organizationId)).get();
}

/** Inserts or replaces the organization's row; `createdAt` survives a replacement. */
export function saveSmtpSettings(db: Db, row: NewSmtpSettings): SmtpSettingsRow {
  const { organizationId: _o, createdAt: _c, ...changes } = row;
  return db.insert(smtpSettings).values(row)
    .onConflictDoUpdate({ target: smtpSettings.organizationId, set: changes })
    .returning()
    .get();
}

/** False when the organization had no settings. */
export function deleteSmtpSettings(db: Db, organizationId: number): boolean {
  return db.delete(smtpSettings).where(eq(smtpSettings.organizationId, organizationId)).run().changes > 0;
}
