/**
 * E-mails a stored document now (POST /documents/{key}/email): refused with 422 `smtp_not_configured`
 * while the organization has no outgoing mail server; otherwise the e-mail row and the job that sends it
 * (send-email-job.ts) are written in one transaction and the outbox is woken. Any stored document may be
 * e-mailed, whatever its state (docs/email.md).
 */
import type { Clock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import type { OutboxWorker } from '../outbox/worker.ts';
import type { Store } from '../store/database.ts';
import { queueDocumentEmail, type DocumentEmailRow } from '../store/document-emails.ts';
import { getSmtpSettings } from '../store/smtp-settings.ts';

/** What queueing an e-mail needs: the store, the time, and the outbox to wake. */
export interface QueueEmailDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  outbox: Pick<OutboxWorker, 'wake'>;
}

/** Queues one e-mail of `document` to `recipients` (each address once) and returns its row. */
export function emailDocumentNow(
  deps: QueueEmailDependencies,
  document: { id: number; organizationId: number },
  recipients: readonly string[],
): DocumentEmailRow {
  if (!getSmtpSettings(deps.store.db, document.organizationId)) {
    throw new AppError('smtp_not_configured', 422, 'Configure the outgoing mail server (PUT /settings/smtp) before e-mailing documents.');
  }
  const unique = [...new Set(recipients)];
  const email = deps.store.transaction((db) => queueDocumentEmail(db, document, unique, 'request', deps.clock.now()));
  deps.outbox.wake(); // send now rather than at the next poll
  return email;
}
