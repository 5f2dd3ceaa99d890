/**
 * The suppliers' mailbox of an organization (one row per organization). The password column holds vault
 * ciphertext only; sealing and opening it is received/mailbox-settings.ts's job.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { intakeColumns, type IntakeOutcome } from './intake-outcome.ts';
import { mailboxSettings } from './schema.ts';

export type MailboxSettingsRow = typeof mailboxSettings.$inferSelect;
export type NewMailboxSettings = Omit<typeof mailboxSettings.$inferInsert, 'lastPolledAt' | 'lastError' | 'lastResult'>;

export function getMailboxSettings(db: Db, organizationId: number): MailboxSettingsRow | undefined {
  return db.select().from(mailboxSettings).where(eq(mailboxSettings.organizationId, organizationId)).get();
}

/** Inserts or replaces the organization's row; `createdAt` and how the last poll went survive a replacement. */
export function saveMailboxSettings(db: Db, row: NewMailboxSettings): MailboxSettingsRow {
  const { organizationId: _o, createdAt: _c, ...changes } = row;
  return db.insert(mailboxSettings).values(row)
    .onConflictDoUpdate({ target: mailboxSettings.organizationId, set: changes })
    .returning()
    .get();
}

/** False when the organization had no mailbox. */
export function deleteMailboxSettings(db: Db, organizationId: number): boolean {
  return db.delete(mailboxSettings).where(eq(mailboxSettings.organizationId, organizationId)).run().changes > 0;
}

/** How a run went: what it took, stored and could not take, or why it could not run. */
export function recordMailboxPoll(db: Db, organizationId: number, at: Date, outcome: IntakeOutcome): void {
  db.update(mailboxSettings).set({ lastPolledAt: at.toISOString(), ...intakeColumns(outcome) })
    .where(eq(mailboxSettings.organizationId, organizationId)).run();
}
