/** The Documents screen's shapes beyond renderer/api/types.ts (members of the spec's Document it reads). */
import type { DocumentDetail, DocumentListItem } from '../api/types.ts';

export type { VoidSubmitted } from '../api/types.ts';

/** GET /electronic-documents/{key}: the spec's Document. */
export interface FullDocument extends DocumentDetail {
  receptor_identification?: string | null;
  exchange_rate?: number | null;
  /** The signed XML: its receiver's e-mail and its reference are read from it. */
  signed_xml?: string;
  /** Present once the tax authority answered. */
  response_xml?: string;
  pdf_path?: string | null;
  /**
   * Clave of the credit note voiding it (beyond the spec, docs/documents-api.md): set when the void is
   * asked, back to null if the tax authority rejects that credit note.
   */
  voided_by?: string | null;
  /** Beyond the spec (docs/documents-api.md "Balances"): what is left to credit; null where none is kept. */
  balance?: number | null;
  /** The notes that reference it, oldest first. */
  related_documents?: RelatedNote[];
  /** On a note: the clave of the organization's document it references. */
  referenced_document_key?: string | null;
  /** Why a `queued` document waits (beyond the spec, docs/contingency.md); null otherwise. */
  delivery_problem?: 'credentials_rejected' | 'credentials_missing' | 'unreachable' | null;
  /** Who signed the tax authority's answer (beyond the spec, docs/documents-api.md); null without one. */
  response_signature?: AnswerSignature | null;
}

/** GET /electronic-documents/{key} `response_signature` (src/hacienda/answer-signature.ts). */
export interface AnswerSignature {
  status: 'verified' | 'chain_not_verified' | 'invalid' | 'not_tax_authority';
  /** The signing certificate's subject ("CN=…, O=…"). */
  signer: string | null;
  detail: string;
}

/** A note referencing a document (GET /electronic-documents/{key} `related_documents`). */
export interface RelatedNote {
  id: number;
  document_key: string;
  consecutive_number: string;
  document_type: string;
  document_type_name: string;
  status: string;
  currency: string;
  total: number;
  /** What it moved the balance by (negative: credited); null when it moved none or was rejected. */
  balance_effect: number | null;
  created_at: string;
}

export interface ListedDocument extends DocumentListItem {
  receptor_identification?: string | null;
  voided_by?: string | null;
}

/** GET /documents: one page and the cursor of the next. */
export interface DocumentPage {
  data: ListedDocument[];
  next_cursor: string | null;
}

/** A void asked from this screen: the credit note that annuls the original, and how it stands. */
export interface VoidRecord {
  creditNote: string;
  consecutive: string;
  status: string;
}

/** The spec's Rejection (src/hacienda/rejections.ts); older rows may hold plain strings. */
export interface RejectionEntry {
  error_code?: string;
  code?: string;
  message?: string;
  friendly_message?: string;
  element_name?: string | null;
  location?: string | null;
}
