/**
 * A document's delivery state changes (spec "States and transitions"), each in one transaction with the
 * event it causes and the outbox job that must follow. `emit` records the event (and, once webhooks are
 * wired, fans it out) inside the same transaction.
 */
import type { Db, Store } from './database.ts';
import { enqueueJob, recordEvent } from './outbox.ts';
import { prepared } from './prepared.ts';
import { queueDocumentEmail } from './document-emails.ts';
import { releaseBalanceMove } from './note-balances.ts';
import type { DocumentRow } from './documents.ts';
import { documents } from './schema.ts';
import { eq, sql } from 'drizzle-orm';
import { isReceiverMessageType } from '../domain/consecutive.ts';
import { responseXmlPath, signedXmlPath } from '../domain/document-paths.ts';

export const POLL_DOCUMENT_JOB = 'poll_document';

/** Whose event: the document's organization and environment (only that environment's webhooks receive it). */
export interface EventSource {
  organizationId: number;
  environment: string;
}

/**
 * Records an event inside the caller's transaction; the composition root adds the webhook fan-out
 * (webhooks/ sits above store/, so store code receives it instead of importing it). `callbackUrl` is the
 * document's own callback_url, which receives its events too.
 */
export type Emit = (db: Db, source: EventSource, type: string, payload: Record<string, unknown>, at: Date, callbackUrl?: string | null) => void;

export const recordOnly: Emit = (db, source, type, payload, at) => {
  recordEvent(db, source.organizationId, type, payload, at);
};

export function getDocumentById(db: Db, id: number): DocumentRow | undefined {
  return prepared(db, 'documentById', () => db.select().from(documents).where(eq(documents.id, sql.placeholder('id'))).prepare()).get({ id });
}

function setStatus(db: Db, id: number, fields: Record<string, unknown>, at: Date): void {
  const columns = Object.keys(fields);
  // One prepared statement per column set (a handful exist): every delivery step of every document runs one.
  prepared(db, `setStatus:${columns.join(',')}`, () =>
    db.$client.prepare(`UPDATE documents SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`),
  ).run(...columns.map((c) => fields[c]), at.toISOString(), id);
}

/** Received by the tax authority: `sent`, and a poll follows. */
export function markSent(store: Store, doc: DocumentRow, pollAt: Date, at: Date): void {
  store.transaction((db) => {
    setStatus(db, doc.id, { status: 'sent', hacienda_status: 'recibido', hacienda_message: null }, at);
    enqueueJob(db, POLL_DOCUMENT_JOB, { documentId: doc.id }, at, pollAt);
  });
}

/**
 * The tax authority cannot be reached: `queued`, with `document.queued` the first time. `resubmitJob`
 * queues a new submission in the same transaction (the tax authority lost the document).
 */
export function markQueued(store: Store, doc: DocumentRow, reason: string, emit: Emit, at: Date, resubmitJob?: string): void {
  store.transaction((db) => {
    setStatus(db, doc.id, { status: 'queued', hacienda_status: 'queued', hacienda_message: reason }, at);
    if (resubmitJob) enqueueJob(db, resubmitJob, { documentId: doc.id }, at);
    if (doc.status !== 'queued') {
      emit(db, doc, 'document.queued', { document_key: doc.clave, status: 'queued', hacienda_status: 'queued', signed_xml_path: signedXmlPath(doc.clave) }, at, doc.callbackUrl);
    }
  });
}

/** Who signed the answer and how far it is trusted, as src/hacienda/answer-signature.ts judges it. */
export interface ResponseSignature {
  state: string;
  signer?: string;
  detail: string;
}

export interface Verdict {
  status: 'accepted' | 'rejected';
  message: string;
  responseXml?: Buffer;
  /** With responseXml: the judgement of its signature (none for a simulated verdict, which has no answer). */
  responseSignature?: ResponseSignature;
  rejections: unknown[];
}

/** The tax authority's verdict, with `document.accepted` / `document.rejected`. */
export function markVerdict(store: Store, doc: DocumentRow, verdict: Verdict, emit: Emit, at: Date): void {
  store.transaction((db) => {
    setStatus(db, doc.id, {
      status: verdict.status,
      hacienda_status: verdict.status,
      hacienda_message: verdict.message,
      hacienda_response_at: at.toISOString(),
      response_xml: verdict.responseXml ?? null,
      response_signature_state: verdict.responseSignature?.state ?? null,
      response_signer: verdict.responseSignature?.signer ?? null,
      response_signature_detail: verdict.responseSignature?.detail ?? null,
      rejections: JSON.stringify(verdict.rejections),
      processing_time_ms: Math.max(0, at.getTime() - Date.parse(doc.createdAt)),
    }, at);
    if (doc.documentType === '03') settleVoid(db, doc, verdict, emit, at);
    if (verdict.status === 'rejected') releaseBalanceMove(db, doc.id); // a rejected note credits nothing
    const receiverMessage = isReceiverMessageType(doc.documentType);
    emit(db, doc, `document.${verdict.status}`, {
      document_key: doc.clave,
      document_type: receiverMessage ? 'RC' : doc.documentType,
      status: verdict.status,
      hacienda_status: verdict.status,
      hacienda_message: verdict.message,
      signed_xml_path: signedXmlPath(doc.clave),
      response_xml_path: responseXmlPath(doc.clave),
    }, at, doc.callbackUrl);
    if (receiverMessage) announceAnswerVerdict(db, doc, verdict, emit, at);
    // Request `delivery.email`: the e-mail goes once accepted, its job committed with the verdict.
    if (verdict.status === 'accepted' && doc.emailRecipients?.length) queueDocumentEmail(db, doc, doc.emailRecipients, 'delivery', at);
  });
}

/**
 * Our MensajeReceptor about a supplier's document we keep (same clave, same scope) was judged: the received
 * document's `received.answer_accepted` / `received.answer_rejected`, in the verdict's transaction
 * (docs/received.md, "Webhooks"). A receiver message about a document not kept here announces nothing more.
 */
function announceAnswerVerdict(db: Db, doc: DocumentRow, verdict: Verdict, emit: Emit, at: Date): void {
  const received = prepared(db, 'receivedClaveKept', () => db.$client
    .prepare('SELECT 1 FROM received_documents WHERE organization_id = ? AND environment = ? AND clave = ?'))
    .get(doc.organizationId, doc.environment, doc.clave);
  if (!received) return;
  emit(db, doc, `received.answer_${verdict.status}`, {
    document_key: doc.clave,
    answer_consecutive: doc.consecutive,
    hacienda_status: verdict.status,
    hacienda_message: verdict.message,
  }, at);
}

/** Marks an original as being voided by a credit note (POST /documents/{key}/void). */
export function markVoidRequested(db: Db, originalId: number, creditNoteClave: string, at: Date): void {
  setStatus(db, originalId, { voided_by: creditNoteClave }, at);
}

/**
 * A voiding credit note's verdict settles its original: accepted -> `document.voided`; rejected -> the
 * original may be voided again.
 */
function settleVoid(db: Db, creditNote: DocumentRow, verdict: Verdict, emit: Emit, at: Date): void {
  const original = voidedOriginal(db, creditNote);
  if (!original) return;
  if (verdict.status === 'rejected') return setStatus(db, original.id, { voided_by: null }, at);
  emit(db, creditNote, 'document.voided', {
    document_key: original.clave,
    credit_note_key: creditNote.clave,
    hacienda_status: 'accepted',
    hacienda_message: verdict.message,
  }, at, original.callback_url);
}

/** The document a credit note is voiding (POST /documents/{key}/void), if it is one. */
function voidedOriginal(db: Db, creditNote: DocumentRow): { id: number; clave: string; callback_url: string | null } | undefined {
  return db.$client
    .prepare('SELECT id, clave, callback_url FROM documents WHERE organization_id = ? AND environment = ? AND voided_by = ?')
    .get(creditNote.organizationId, creditNote.environment, creditNote.clave) as { id: number; clave: string; callback_url: string | null } | undefined;
}

/**
 * Refused outright by the tax authority (never received): `error`. A note gives its balance back, and a
 * voiding credit note no longer marks its original, which may be voided again (as after a rejection).
 */
export function markError(store: Store, doc: DocumentRow, message: string, at: Date): void {
  store.transaction((db) => {
    setStatus(db, doc.id, { status: 'error', hacienda_status: 'error', hacienda_message: message }, at);
    releaseBalanceMove(db, doc.id);
    const original = doc.documentType === '03' ? voidedOriginal(db, doc) : undefined;
    if (original) setStatus(db, original.id, { voided_by: null }, at);
  });
}
