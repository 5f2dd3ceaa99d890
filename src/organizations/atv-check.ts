/**
 * The ATV credentials of a certificate upload, tried before they are stored (hacienda/credential-check.ts):
 * refused ones are a 422 naming `atv_password`; when the IdP cannot be reached they are stored unverified
 * and the answer carries a warning. Once stored, documents waiting for the tax authority in that
 * environment are sent again at once, so a corrected password empties the queue without waiting for the
 * backoff (which may be minutes). docs/signature.md
 */
import type { AtvStoredDeps, StoreOnly, TokenDeps } from './dependencies.ts';
import { AppError } from '../domain/errors.ts';
import { checkCredentials } from '../hacienda/credential-check.ts';
import type { HaciendaEnvironment } from '../hacienda/types.ts';
import { serverMessage } from '../i18n/server-messages.ts';
import { rescheduleWaiting } from '../store/outbox-jobs.ts';
import { SUBMIT_DOCUMENT_JOB } from '../store/issuing.ts';
import { POLL_DOCUMENT_JOB } from '../store/document-status.ts';
import { queuedWithReason } from '../store/queued-documents.ts';
import { CREDENTIALS_REJECTED } from '../outbox/delivery-problem.ts';

export interface AtvLogin {
  organizationId: number;
  environment: HaciendaEnvironment;
  user: string;
  password: string;
}

/** True when the IdP accepted them, false when it could not be asked; throws a 422 when it refused them. */
export async function verifyAtvCredentials(deps: TokenDeps, login: AtvLogin): Promise<boolean> {
  const credentials = { organizationId: String(login.organizationId), username: login.user, password: login.password };
  const check = await checkCredentials(deps.hacienda.tokens, login.environment, credentials);
  if (check === 'rejected') {
    // In English here; the error handler gives it in the request's language (docs/languages.md).
    throw new AppError('validation_error', 422, serverMessage('en', 'atv_rejected'), { fieldErrors: { atv_password: [serverMessage('en', 'atv_rejected_field')] } });
  }
  return check === 'accepted';
}

/** After the credentials were stored: forget what the IdP said of the old ones, and send what waits. */
export function atvCredentialsStored(deps: AtvStoredDeps, login: Omit<AtvLogin, 'user' | 'password'>, verified: boolean): void {
  // Verified ones already hold a fresh session and an "accepted" verdict; unverified ones are unknown yet.
  if (!verified) deps.hacienda.tokens.forget(login.environment, { organizationId: String(login.organizationId) });
  if (rescheduleWaiting(deps.store.db, [SUBMIT_DOCUMENT_JOB, POLL_DOCUMENT_JOB], login.environment, deps.clock.now()) > 0) deps.outbox.wake();
}

/**
 * Whether the tax authority refuses the organization's stored ATV credentials in `environment` (GET
 * /hacienda/status, the screens' banner). The token manager knows once it tried them since this process
 * started or they were stored; before that, a document queued for that reason after they were stored
 * (`storedAt`) says so, so the banner is back at once after a restart.
 */
export function atvCredentialsRejected(deps: StoreOnly & TokenDeps, organizationId: number, environment: HaciendaEnvironment, storedAt: string): boolean {
  const verdict = deps.hacienda.tokens.verdict(environment, String(organizationId));
  if (verdict) return verdict === 'rejected';
  return queuedWithReason(deps.store.db, organizationId, environment, CREDENTIALS_REJECTED, storedAt);
}
