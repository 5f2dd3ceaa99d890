/** The spec's document shapes (DocumentSubmitted, Document, DocumentListItem) from stored rows. */
import type { DocumentRow } from '../../../store/documents.ts';
import { documentTypeName } from '../../../documents/issue.ts';
import { isReceiverMessageType } from '../../../domain/consecutive.ts';
import { pdfPath, signedXmlPath } from '../../../domain/document-paths.ts';
import type { IssueResult } from '../../../documents/issue-pipeline.ts';
import { deliveryProblem } from '../../../outbox/delivery-problem.ts';
import type { Db } from '../../../store/database.ts';
import { balanceDocumentById, creditableBalance, relatedNotes } from '../../../store/note-balances.ts';
import type { DocumentPrintRow } from '../../../store/document-prints.ts';


/** DocumentSubmitted of a document the issuing pipeline just saved. */
export function issuedView(issued: IssueResult, environment: string, tenantUuid: string) {
  return submittedView({
    id: issued.id,
    clave: issued.model.clave,
    consecutive: issued.model.consecutive,
    documentType: issued.model.type,
    environment,
    createdAt: issued.createdAt,
    simulate: issued.simulate ?? null,
  }, tenantUuid);
}

type SubmittedRow = Pick<DocumentRow, 'id' | 'clave' | 'consecutive' | 'documentType' | 'environment' | 'createdAt' | 'simulate'>;

export function submittedView(row: SubmittedRow, tenantUuid: string) {
  return {
    id: row.id,
    document_key: row.clave,
    consecutive_number: row.consecutive,
    document_type: row.documentType,
    document_type_name: documentTypeName(row.documentType),
    environment: row.environment,
    status: 'processing' as const,
    queued_at: row.createdAt,
    signed_xml_path: signedXmlPath(row.clave),
    ...(row.simulate ? { simulated: true } : {}),
    // Everything is kept in the local store; there is no cloud copy in a desktop install.
    storage_status: 'local_fallback' as const,
    tenant_uuid: tenantUuid,
  };
}

/**
 * Beyond the spec (docs/documents-api.md, "Balances"): what is left to credit on the document, the notes
 * that reference it, and on a note, the organization's document it references.
 */
export function balanceView(db: Db, row: DocumentRow) {
  const left = creditableBalance(db, row);
  const referenced = row.referencedDocumentId === null ? undefined : balanceDocumentById(db, row.referencedDocumentId);
  return {
    balance: left === undefined ? null : Number(left.toFixed(5)),
    related_documents: relatedNotes(db, row.id).map((n) => ({
      id: n.id,
      document_key: n.clave,
      consecutive_number: n.consecutive,
      document_type: n.documentType,
      document_type_name: documentTypeName(n.documentType),
      status: n.status,
      currency: n.currency,
      total: Number(n.totalAmount),
      balance_effect: n.balanceEffect === null ? null : Number(n.balanceEffect),
      created_at: n.createdAt,
    })),
    referenced_document_key: referenced?.clave ?? null,
  };
}

/** `response_signature`: who signed an answer of the tax authority and how far it is trusted (hacienda/answer-signature.ts). */
export function answerSignatureView(judged: { state: string; signer?: string | null; detail: string }) {
  return { status: judged.state, signer: judged.signer ?? null, detail: judged.detail };
}

/** Who signed the stored answer, as judged when it arrived; null without one (or judged before this existed). */
function responseSignatureView(row: DocumentRow) {
  if (row.responseSignatureState === null) return null;
  return answerSignatureView({ state: row.responseSignatureState, signer: row.responseSigner, detail: row.responseSignatureDetail ?? '' });
}

export function documentView(row: DocumentRow) {
  return {
    id: row.id,
    transaction_id: row.transactionId,
    document_key: row.clave,
    consecutive_number: row.consecutive,
    document_type: row.documentType,
    document_type_name: documentTypeName(row.documentType),
    environment: row.environment,
    status: row.status,
    hacienda_status: row.haciendaStatus,
    hacienda_message: row.haciendaMessage,
    hacienda_response_at: row.haciendaResponseAt,
    emisor_identification: row.emisorIdentification,
    emisor_name: row.emisorName,
    receptor_identification: row.receptorIdentification,
    receptor_name: row.receptorName,
    currency: row.currency,
    exchange_rate: row.exchangeRate === null ? null : Number(row.exchangeRate),
    net_amount: Number(row.netAmount),
    tax_amount: Number(row.taxAmount),
    total_amount: Number(row.totalAmount),
    processing_time_ms: row.processingTimeMs,
    pdf_path: isReceiverMessageType(row.documentType) ? null : pdfPath(row.clave),
    xml_path: signedXmlPath(row.clave),
    signed_xml: row.signedXml.toString('utf8'),
    ...(row.responseXml ? { response_xml: row.responseXml.toString('utf8') } : {}),
    response_signature: responseSignatureView(row), // beyond the spec (docs/documents-api.md)
    rejections: row.rejections,
    voided_by: row.voidedBy, // beyond the spec: the credit note that annulled it (docs/documents-api.md)
    // beyond the spec: why a `queued` document waits, for the screens to word (docs/contingency.md)
    delivery_problem: deliveryProblem(row.status, row.haciendaMessage),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function listItemView(row: DocumentRow) {
  return {
    id: String(row.id),
    document_key: row.clave,
    consecutive_number: row.consecutive,
    document_type: isReceiverMessageType(row.documentType) ? 'RC' : row.documentType,
    status: row.status,
    hacienda_status: row.haciendaStatus,
    hacienda_response_at: row.haciendaResponseAt,
    receptor_identification: row.receptorIdentification,
    receptor_name: row.receptorName,
    currency: row.currency,
    total: Number(row.totalAmount),
    environment: row.environment,
    voided_by: row.voidedBy,
    created_at: row.createdAt,
  };
}

/** The counter's names of a document (docs/tills.md): who issued it, who approved it, its till's shift. */
export function attributionView(names: ReadonlyMap<number, string>, row: Pick<DocumentRow, 'cashierId' | 'approvedBy' | 'shiftId'>) {
  const person = (id: number | null) => (id === null ? null : { id, name: names.get(id) ?? '' });
  return { cashier: person(row.cashierId), approved_by: person(row.approvedBy), shift_id: row.shiftId };
}

/** At a head office (docs/replication.md): the till that issued a replicated document, with its cashier and shift as it reported them. */
export function tillAttributionView(tills: ReadonlyMap<number, string>, row: Pick<DocumentRow, 'tillId' | 'tillCashier' | 'tillShift'>) {
  if (row.tillId === null) return { till: null };
  return { till: { id: row.tillId, name: tills.get(row.tillId) ?? '', cashier: row.tillCashier ?? null, shift: row.tillShift ?? null } };
}

/** The tills a few documents name, for tillAttributionView. */
export const tillIds = (rows: readonly Pick<DocumentRow, 'tillId'>[]) => rows.map((r) => r.tillId).filter((id): id is number => id !== null);

/** The cashiers a few documents name, for attributionView. */
export const attributedIds = (rows: readonly Pick<DocumentRow, 'cashierId' | 'approvedBy'>[]) =>
  rows.flatMap((r) => [r.cashierId, r.approvedBy]).filter((id): id is number => id !== null);

/** `print` (docs/tills.md): how the document's last print went; null when it was never printed nor tried. */
export function printView(print: DocumentPrintRow | undefined) {
  if (!print) return null;
  return { state: print.state, reason: print.reason, printer_id: print.printerId, at: print.updatedAt, copies: print.copies };
}
