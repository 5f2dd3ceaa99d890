/**
 * The suppliers' documents as the "Compras" screen reads them, derived from the server's schemas
 * (renderer/api/schemas.ts, src/api/sections/received-documents/schemas.ts and deadline-schemas.ts;
 * docs/received.md).
 */
import type { DeadlinesView, PaginationView, ReceivedAnswerInputView, ReceivedDocumentView, ReceivedFindingView, ReceivedUploadView } from '../api/schemas.ts';

export type ReceivedDocument = ReceivedDocumentView;
export type Finding = ReceivedFindingView;
export type ReceivedState = ReceivedDocumentView['state'];
export type UploadResult = ReceivedUploadView;
export type FileResult = ReceivedUploadView['files'][number];
export type AnswerInput = ReceivedAnswerInputView;
export type Pagination = PaginationView;

/** The states a list can be filtered by, in the order the shopkeeper meets them. */
export const STATES: readonly ReceivedState[] = ['pending', 'accepted', 'partially_accepted', 'rejected', 'tacitly_accepted', 'not_required'];

/** CondicionImpuesto of a MensajeReceptor (Nota 18): what the VAT paid is for the buyer. */
export const TAX_CONDITIONS = ['01', '02', '03', '04', '05'] as const;
export type TaxCondition = (typeof TAX_CONDITIONS)[number];

/** GET /received-documents/deadlines: what waits for an answer, nearest deadline first (up to 10 of them). */
export type Deadlines = DeadlinesView;
