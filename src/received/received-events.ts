/**
 * The `received.*` events (docs/received.md, "Webhooks"): each is emitted inside the transaction that makes the
 * change it reports, so the event, its webhook deliveries and the change commit together or not at all, and
 * a change that did not happen (a document received again) emits nothing. Payloads follow the spec's style:
 * snake_case, `document_key` first, amounts as the documents' decimal strings (never numbers).
 * `received.answer_accepted` / `received.answer_rejected` are emitted by store/document-status.ts, where the
 * tax authority's verdict on our MensajeReceptor is kept.
 */
import type { Db } from '../store/database.ts';
import { getDocumentById, recordOnly, type Emit } from '../store/document-status.ts';
import type { NewReceivedDocument, Scope } from '../store/received-documents.ts';
import { isClaimable } from './findings.ts';

/** `emit` when the caller wired one (the composition root fans events out to webhooks), else record only. */
export const emitterOf = (deps: { emit?: Emit | undefined }): Emit => deps.emit ?? recordOnly;

/** A supplier's document stored for the first time. */
export function emitStored(emit: Emit, db: Db, row: NewReceivedDocument, at: Date): void {
  emit(db, row, 'received.stored', {
    document_key: row.clave,
    document_type: row.documentType,
    consecutive_number: row.consecutive,
    supplier: { identification: row.issuerIdentification, name: row.issuerName },
    total: row.totalAmount,
    tax: row.taxAmount,
    currency: row.currency,
    answer_due: row.answerDue ?? null,
    state: row.state,
    claimable: isClaimable(row.state, row.findings.map((f) => f.code)),
  }, at);
}

/** Our MensajeReceptor about the document was issued, and the document took the buyer's verdict. */
export function emitAnswered(emit: Emit, db: Db, scope: Scope, answered: { clave: string; message: 1 | 2 | 3; state: string; answerDocumentId: number }, at: Date): void {
  const answer = getDocumentById(db, answered.answerDocumentId);
  emit(db, scope, 'received.answered', {
    document_key: answered.clave,
    message: answered.message,
    state: answered.state,
    answer_document_id: answered.answerDocumentId,
    answer_consecutive: answer?.consecutive ?? null,
  }, at);
}

/** The answer window closed with the document unanswered: presumed accepted (Decreto 44739-H art. 20). */
export function emitTacitlyAccepted(emit: Emit, db: Db, scope: Scope, settled: { clave: string; answerDue: string | null }, at: Date): void {
  emit(db, scope, 'received.tacitly_accepted', { document_key: settled.clave, answer_due: settled.answerDue }, at);
}
