/**
 * E-mails of documents (table `document_emails`): one row per e-mail asked for, whether by the request's
 * `delivery.email` once the document is accepted or by POST /documents/{key}/email. The row and its
 * `send_email` outbox job are written in the caller's transaction, so a crash can never lose one without
 * the other; the job records the outcome on the row.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { enqueueJob } from './outbox.ts';
import { documentEmails } from './schema.ts';

export const SEND_EMAIL_JOB = 'send_email';

export type DocumentEmailRow = typeof documentEmails.$inferSelect;
export type EmailReason = 'delivery' | 'request';

/** Writes a pending e-mail of the document and the job that sends it; returns the row. */
export function queueDocumentEmail(
  db: Db,
  document: { id: number; organizationId: number },
  recipients: readonly string[],
  reason: EmailReason,
  at: Date,
): DocumentEmailRow {
  const iso = at.toISOString();
  const row = db.insert(documentEmails).values({
    organizationId: document.organizationId,
    documentId: document.id,
    recipients: [...recipients],
    reason,
    status: 'pending',
    createdAt: iso,
    updatedAt: iso,
  }).returning().get();
  enqueueJob(db, SEND_EMAIL_JOB, { emailId: row.id }, at);
  return row;
}

export function getDocumentEmail(db: Db, id: number): DocumentEmailRow | undefined {
  return db.select().from(documentEmails).where(eq(documentEmails.id, id)).get();
}

export function listDocumentEmails(db: Db, documentId: number): DocumentEmailRow[] {
  return db.select().from(documentEmails).where(eq(documentEmails.documentId, documentId)).orderBy(documentEmails.id).all();
}

/** One more attempt that the server took; `note` names recipients it refused, if any. */
export function recordEmailSent(db: Db, id: number, messageId: string | null, note: string | null, at: Date): void {
  const iso = at.toISOString();
  db.update(documentEmails)
    .set({ status: 'sent', attempts: sql`${documentEmails.attempts} + 1`, messageId, lastError: note, sentAt: iso, updatedAt: iso })
    .where(eq(documentEmails.id, id))
    .run();
}

/** One more failed attempt: still `pending` when it will be retried, `failed` when it will not. */
export function recordEmailFailure(db: Db, id: number, error: string, final: boolean, at: Date): void {
  db.update(documentEmails)
    .set({ status: final ? 'failed' : 'pending', attempts: sql`${documentEmails.attempts} + 1`, lastError: error.slice(0, 2000), updatedAt: at.toISOString() })
    .where(eq(documentEmails.id, id))
    .run();
}
