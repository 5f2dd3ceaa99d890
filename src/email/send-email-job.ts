/**
 * The outbox handler of `send_email` jobs: composes the document's e-mail, sends it through the
 * organization's SMTP server and records the outcome on its `document_emails` row. A transient failure
 * (4xx reply, connection refused or timed out) is retried with EMAIL_BACKOFF; a permanent one (5xx reply,
 * bad configuration), no SMTP settings or exhausted attempts end the e-mail as `failed`, and the job
 * completes: the outcome lives on the row, not on the job. Sending is at least once: a crash between the
 * server's 250 and the commit sends the message again when the lease expires.
 */
import type { Clock } from '../domain/clock.ts';
import { retryDelay, type BackoffPolicy } from '../outbox/backoff.ts';
import { RetryAt, type Commit } from '../outbox/worker.ts';
import { isReceiverMessageType } from '../domain/consecutive.ts';
import { renderDocumentPdf } from '../pdf/document-pdf.ts';
import { getBranding, type BrandingRow } from '../store/brandings.ts';
import { getDocumentById } from '../store/document-status.ts';
import type { DocumentRow } from '../store/documents.ts';
import { getDocumentEmail, recordEmailFailure, recordEmailSent, type DocumentEmailRow } from '../store/document-emails.ts';
import { getOrganization } from '../store/organizations.ts';
import { composeDocumentEmail } from './compose-document-email.ts';
import { classifySmtpError } from './smtp-errors.ts';
import { loadSmtpSettings, type SecretStore, type SmtpSettings } from './smtp-settings.ts';
import { sendEmail, type OutgoingEmail } from './smtp-transport.ts';

/** 30 s to 1 min after the first failure, doubling up to an hour: 8 attempts over one to two hours. */
export const EMAIL_BACKOFF: BackoffPolicy = { baseMs: 60_000, capMs: 60 * 60_000, maxAttempts: 8 };

export interface EmailDependencies extends SecretStore {
  clock: Clock;
  random?: () => number;
}

/** The document's PDF in Spanish (the e-mail's language) and its type's default layout. */
async function pdfOf(document: DocumentRow, branding: BrandingRow | undefined): Promise<Buffer | string | undefined> {
  if (isReceiverMessageType(document.documentType)) return undefined;
  try {
    return await renderDocumentPdf(document, branding, { lang: 'es' });
  } catch (error) {
    // The same bytes fail the same way on every retry: the e-mail fails rather than go without its PDF.
    return `the PDF could not be rendered: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The server and message of one e-mail row, or why there is nothing to send. */
async function prepare(deps: EmailDependencies, email: DocumentEmailRow): Promise<{ settings: SmtpSettings; message: OutgoingEmail } | string> {
  const db = deps.store.db;
  const document = getDocumentById(db, email.documentId);
  const organization = getOrganization(db, email.organizationId);
  if (!document || !organization) return 'the document or its organization no longer exists';
  let settings: SmtpSettings | undefined;
  try {
    settings = loadSmtpSettings(deps, email.organizationId);
  } catch (error) {
    // A password the vault cannot open (another master key) fails the same way on every retry.
    return `the SMTP password cannot be opened: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!settings) return 'smtp_not_configured: the organization has no SMTP settings';
  const branding = getBranding(db, email.organizationId);
  const pdf = await pdfOf(document, branding);
  if (typeof pdf === 'string') return pdf;
  const message = composeDocumentEmail({ document, organization, branding, fromAddress: settings.fromAddress, recipients: email.recipients, pdf });
  return { settings, message };
}

/**
 * Sends one e-mail and hands back its outcome as a Commit: the worker writes the row's outcome together with
 * the job's completion (outbox/worker.ts), so nobody sees an e-mail `sent` or `failed` whose job still runs.
 */
async function send(deps: EmailDependencies, emailId: number): Promise<Commit | void> {
  const db = deps.store.db;
  const email = getDocumentEmail(db, emailId);
  if (!email || email.status !== 'pending') return; // already settled (a job run again after a crash)
  const prepared = await prepare(deps, email);
  const now = deps.clock.now();
  if (typeof prepared === 'string') return () => recordEmailFailure(db, email.id, prepared, true, now);
  try {
    const sent = await sendEmail(prepared.settings, prepared.message);
    const note = sent.rejected.length > 0 ? `refused by the server: ${sent.rejected.join(', ')}` : null;
    return () => recordEmailSent(db, email.id, sent.messageId, note, deps.clock.now());
  } catch (error) {
    const failure = classifySmtpError(error);
    const at = deps.clock.now();
    const delay = failure.permanent ? null : retryDelay(EMAIL_BACKOFF, email.attempts + 1, deps.random);
    const record = (): void => recordEmailFailure(db, email.id, failure.message, delay === null, at);
    if (delay !== null) throw new RetryAt(new Date(at.getTime() + delay), failure.message, record);
    return record;
  }
}

/** The outbox handler; the payload names the `document_emails` row. */
export function sendEmailHandler(deps: EmailDependencies): (job: { payload: Record<string, unknown> }) => Promise<Commit | void> {
  return async (job) => {
    const id = Number(job.payload['emailId']);
    if (!Number.isSafeInteger(id)) return; // a malformed job can never succeed; nothing to retry
    return send(deps, id);
  };
}
