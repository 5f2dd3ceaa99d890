/**
 * Delivery of stored documents to the tax authority (spec "States and transitions"), as outbox handlers:
 *   submit_document  POST /recepcion -> `sent` and a poll; unreachable -> `queued`, retried with backoff
 *                    (an outage never ends in `error`: docs/contingency.md); refused outright -> `error`.
 *   poll_document    GET /recepcion/{clave} until `aceptado` / `rechazado` -> `accepted` / `rejected`, with
 *                    the MensajeHacienda stored, its DetalleMensaje parsed into `rejections` and who signed
 *                    it judged (hacienda/answer-signature.ts).
 * Test keys' simulated verdicts are decided here without contacting the tax authority. Handlers are
 * idempotent: a job that runs twice after a crash finds the document already moved on.
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import type { DocumentRow } from '../store/documents.ts';
import { SUBMIT_DOCUMENT_JOB } from '../store/issuing.ts';
import { getDocumentById, markError, markQueued, markSent, markVerdict, POLL_DOCUMENT_JOB, type Emit } from '../store/document-status.ts';
import type { RecepcionClient } from '../hacienda/recepcion-client.ts';
import type { HaciendaCredentials, HaciendaEnvironment } from '../hacienda/types.ts';
import { readHaciendaMessage } from '../hacienda/hacienda-message.ts';
import { judgeAnswerSignature } from '../hacienda/answer-signature.ts';
import { recepcionBodyFor } from '../hacienda/recepcion-body.ts';
import { rescheduleWaiting, type OutboxJob } from '../store/outbox-jobs.ts';
import { RetryAt, type Commit, type JobHandler } from './worker.ts';
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy } from './backoff.ts';
import { isReceiverMessageType } from '../domain/consecutive.ts';
import { CREDENTIALS_MISSING, queuedReason } from './delivery-problem.ts';

export interface DeliveryDependencies {
  store: Store;
  clock: Clock;
  recepcion: RecepcionClient;
  credentials(organizationId: number, environment: string): { user: string; password: string } | undefined;
  emit: Emit;
  /** Asks the worker to run due jobs now (after queued documents were made due). */
  wake?: () => void;
  /** Logs what deserves a look but stops nothing (an answer whose signature does not verify). */
  warn?: (message: string) => void;
}

/**
 * The handlers' dependencies plus the environments last seen unreachable (in memory). A new process starts
 * with both, so that its first answer from the tax authority sends every queued document at once instead of
 * at its backoff time (which can be minutes away after a long outage).
 */
type Deliveries = DeliveryDependencies & { offline: Set<string> };

/** The tax authority answered: if it was down, every queued document of that environment goes now. */
function answered(deps: Deliveries, environment: string): void {
  if (!deps.offline.delete(environment)) return;
  if (rescheduleWaiting(deps.store.db, [SUBMIT_DOCUMENT_JOB, POLL_DOCUMENT_JOB], environment, deps.clock.now()) > 0) deps.wake?.();
}

const FINAL = new Set(['accepted', 'rejected', 'error']);
/** Unreachable tax authority: retry every few seconds at first, then every five minutes, forever. */
export const OFFLINE_BACKOFF: BackoffPolicy = DEFAULT_BACKOFF;
/** The first look for a verdict, one second after reception (the tax authority decides in seconds). */
export const FIRST_POLL_MS = 1_000;
/** Waiting for a verdict: 2 s, 4 s, … up to a minute between polls. */
export const POLL_BACKOFF: BackoffPolicy = { baseMs: 2_000, capMs: 60_000 };

/** The reception key: the clave, or clave-consecutivoReceptor for a receiver message. */
function receptionKey(doc: DocumentRow): string {
  return isReceiverMessageType(doc.documentType) ? `${doc.clave}-${doc.consecutive}` : doc.clave;
}

function retryAfter(deps: DeliveryDependencies, job: OutboxJob, policy: BackoffPolicy, reason: string, commit?: Commit): RetryAt {
  return new RetryAt(new Date(deps.clock.now().getTime() + retryDelay(policy, job.attempts)!), reason, commit);
}

function haciendaCredentials(deps: DeliveryDependencies, doc: DocumentRow): HaciendaCredentials | undefined {
  const atv = deps.credentials(doc.organizationId, doc.environment);
  return atv ? { organizationId: String(doc.organizationId), username: atv.user, password: atv.password } : undefined;
}

function simulatedVerdict(deps: DeliveryDependencies, doc: DocumentRow): Commit {
  const accepted = doc.simulate === 'accepted';
  return () => markVerdict(deps.store, doc, {
    status: accepted ? 'accepted' : 'rejected',
    message: accepted ? 'Aceptado (veredicto simulado con llave de prueba)' : 'Rechazado (veredicto simulado con llave de prueba)',
    rejections: accepted ? [] : [{ error_code: 'simulated', message: 'Simulated rejection', friendly_message: 'Rechazo simulado solicitado con api_config.simulate.', description: '', element_name: null, location: null, row: null, col: null }],
  }, deps.emit, deps.clock.now());
}

/**
 * The handlers do the network work and return the state change as a Commit, which the worker writes in one
 * transaction with the job's completion (and other jobs' of the same moment): see outbox/worker.ts.
 */
async function submit(deps: Deliveries, job: OutboxJob): Promise<Commit | void> {
  const doc = getDocumentById(deps.store.db, job.payload['documentId'] as number);
  if (!doc || FINAL.has(doc.status) || doc.status === 'sent') return;
  if (doc.simulate) return simulatedVerdict(deps, doc);
  const credentials = haciendaCredentials(deps, doc);
  if (!credentials) {
    const reason = CREDENTIALS_MISSING;
    throw retryAfter(deps, job, OFFLINE_BACKOFF, reason, () => markQueued(deps.store, doc, reason, deps.emit, deps.clock.now()));
  }
  const result = await deps.recepcion.submit(doc.environment as HaciendaEnvironment, credentials, recepcionBodyFor(doc.signedXml));
  const now = deps.clock.now();
  if (result.outcome === 'received' || result.outcome === 'duplicate' || result.outcome === 'rejected') answered(deps, doc.environment);
  else deps.offline.add(doc.environment);
  if (result.outcome === 'received' || result.outcome === 'duplicate') return () => markSent(deps.store, doc, new Date(now.getTime() + FIRST_POLL_MS), now);
  if (result.outcome === 'rejected') return () => markError(deps.store, doc, result.cause, now);
  const reason = queuedReason(result);
  throw retryAfter(deps, job, OFFLINE_BACKOFF, reason, () => markQueued(deps.store, doc, reason, deps.emit, now));
}

async function poll(deps: Deliveries, job: OutboxJob): Promise<Commit | void> {
  const doc = getDocumentById(deps.store.db, job.payload['documentId'] as number);
  if (!doc || FINAL.has(doc.status)) return;
  const credentials = haciendaCredentials(deps, doc);
  if (!credentials) throw retryAfter(deps, job, OFFLINE_BACKOFF, CREDENTIALS_MISSING);
  const result = await deps.recepcion.status(doc.environment as HaciendaEnvironment, credentials, receptionKey(doc));
  const now = deps.clock.now();
  if (result.outcome === 'status' || result.outcome === 'not_found') answered(deps, doc.environment);
  else deps.offline.add(doc.environment);
  if (result.outcome === 'not_found') {
    // The tax authority lost it (a wiped sandbox): send it again.
    return () => markQueued(deps.store, doc, `not found at the tax authority: ${result.cause}`, deps.emit, now, SUBMIT_DOCUMENT_JOB);
  }
  if (result.outcome !== 'status') {
    const reason = queuedReason(result);
    throw retryAfter(deps, job, OFFLINE_BACKOFF, reason, () => markQueued(deps.store, doc, reason, deps.emit, now));
  }
  if ((result.state === 'aceptado' || result.state === 'rechazado') && result.responseXml) {
    const answer = readHaciendaMessage(result.responseXml);
    // The answer came over the tax authority's authenticated HTTPS API, so its verdict stands even when its
    // signature does not verify: the judgement is kept with the document for the screens, and logged.
    const responseSignature = judgeAnswerSignature(answer.signature);
    if (responseSignature.state === 'invalid' || responseSignature.state === 'not_tax_authority') {
      deps.warn?.(`the tax authority's answer for ${doc.clave} is ${responseSignature.state}: ${responseSignature.detail}`);
    }
    return () => markVerdict(deps.store, doc, {
      status: result.state === 'aceptado' ? 'accepted' : 'rejected',
      message: answer.detail,
      responseXml: result.responseXml,
      responseSignature,
      rejections: result.state === 'rechazado' ? answer.rejections : [],
    }, deps.emit, now);
  }
  if (result.state === 'error') return () => markError(deps.store, doc, 'the tax authority reported an error processing the document', now);
  throw retryAfter(deps, job, POLL_BACKOFF, `still ${result.state}`);
}

export function deliveryHandlers(dependencies: DeliveryDependencies): Record<string, JobHandler> {
  const deps: Deliveries = { ...dependencies, offline: new Set(['staging', 'production']) };
  return {
    [SUBMIT_DOCUMENT_JOB]: (job) => submit(deps, job),
    [POLL_DOCUMENT_JOB]: (job) => poll(deps, job),
  };
}
