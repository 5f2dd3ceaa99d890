/**
 * The Documents screen's shapes: the spec's Document, the listing and the notes, derived from the server's
 * schemas (renderer/api/schemas.ts, src/api/sections/documents/schemas.ts); the renderer-only narrowings
 * (the signature's and the delivery problem's words, a rejection's members) and the screen's own records.
 */
import type { DocumentDetail, DocumentListItem } from '../api/types.ts';
import type { DocumentListReplyView, DocumentView, RelatedDocumentView, ResponseSignatureView } from '../api/schemas.ts';

export type { VoidSubmitted } from '../api/types.ts';

/** Why a `queued` document waits (beyond the spec, docs/contingency.md): the schema says only `string`. */
export type DeliveryProblem = 'credentials_rejected' | 'credentials_missing' | 'unreachable';

/**
 * GET /electronic-documents/{key}: the spec's Document with the members beyond it this screen reads
 * (docs/documents-api.md): `voided_by` is set when the void is asked and back to null if the tax authority
 * rejects that credit note; `balance` is what is left to credit (null where none is kept); the signed XML
 * gives the receiver's e-mail and the reference; `response_xml` appears once the tax authority answered.
 */
export type FullDocument = DocumentDetail & Pick<DocumentView, 'receptor_identification' | 'exchange_rate' | 'signed_xml' | 'response_xml' | 'pdf_path'
  | 'voided_by' | 'balance' | 'referenced_document_key'> & {
  /** The notes that reference it, oldest first. */
  related_documents: RelatedNote[];
  delivery_problem?: DeliveryProblem | null;
  /** Who signed the tax authority's answer; null without one. */
  response_signature: AnswerSignature | null;
};

/** `response_signature` (src/hacienda/answer-signature.ts), with the statuses the screen words. */
export type AnswerSignature = Omit<ResponseSignatureView, 'status'> & { status: 'verified' | 'chain_not_verified' | 'invalid' | 'not_tax_authority' };

/** A note referencing a document (`related_documents`); `balance_effect` is negative when it credited. */
export type RelatedNote = RelatedDocumentView;

/**
 * `cashier`: who issued it at a till (docs/tills.md); null by an API key or before cashiers. `till`: at a head
 * office, the paired till a replicated document came from (docs/replication.md); null when issued here.
 */
export type ListedDocument = DocumentListItem & Pick<DocumentListReplyView['data'][number], 'receptor_identification' | 'voided_by' | 'cashier' | 'till'>;

/** GET /documents: one page and the cursor of the next. */
export interface DocumentPage {
  data: ListedDocument[];
  next_cursor: DocumentListReplyView['next_cursor'];
}

/** A void asked from this screen: the credit note that annuls the original, and how it stands. */
export interface VoidRecord {
  creditNote: string;
  consecutive: string;
  status: string;
}

/** The spec's Rejection (src/hacienda/rejections.ts); the schema says only `unknown`, older rows hold plain strings. */
export interface RejectionEntry {
  error_code?: string;
  code?: string;
  message?: string;
  friendly_message?: string;
  element_name?: string | null;
  location?: string | null;
}
