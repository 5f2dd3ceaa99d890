/**
 * The answer of GET /electronic-documents/{key}: the spec's Document (document-views.ts documentView), with
 * the members beyond the spec the screens read — `voided_by`, `balance`, `related_documents`,
 * `referenced_document_key` and `response_signature` (docs/documents-api.md) — so that the OpenAPI shows them;
 * and the other answers about documents: DocumentSubmitted (issuing, receiver messages, voids), the listing
 * and the queued e-mail. Then the requests of the section's routes (keys, listing, PDF, export, e-mail, void).
 */
import { Type, type Static } from 'typebox';
import { Envelope, Nullable, Pagination } from '../../schema-types.ts';
import { PDF_FORMATS } from '../../../pdf/pdf-format.ts';
import { DOCUMENT_FILTER_QUERY } from './filters.ts';

const text = Nullable({ type: 'string' });

/** A note that references the document (a credit note lowers its balance, a debit note raises it). */
export const RelatedDocument = Type.Object({
  id: Type.Integer(),
  document_key: Type.String(),
  consecutive_number: Type.String(),
  document_type: Type.String({ description: '02 debit note or 03 credit note' }),
  document_type_name: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  total: Type.Number(),
  balance_effect: Nullable<number>({ type: 'number', description: 'what it moved the balance by, in the document\'s currency (negative: credited); null when it moves no balance or was rejected' }),
  created_at: Type.String({ format: 'date-time' }),
});

/** Beyond the spec: who signed the tax authority's answer (src/hacienda/answer-signature.ts). */
export const ResponseSignature = Type.Object({
  status: Type.String({ description: '`verified` (chained to a Costa Rican root), `chain_not_verified` (signature valid, chain not verified: the usual case, the Ministerio de Hacienda\'s intermediates are not published), `invalid` or `not_tax_authority`' }),
  signer: Nullable({ type: 'string', description: "the signing certificate's subject" }),
  detail: Type.String({ description: 'the root reached, where the chain stops, or what does not verify' }),
});

/** How a document's printing went (printing/print-document.ts, store/document-prints.ts). */
export const DocumentPrintView = Type.Object({
  state: Type.String({ description: '`printing`, `printed`, or `failed` (the screens: "No impreso — reintentar")' }),
  reason: Nullable({ type: 'string', description: 'when failed: `refused`, `timeout`, `unreachable`, `paper_out`, `offline` or `failed`' }),
  printer_id: Nullable<number>({ type: 'integer' }),
  at: Type.String({ format: 'date-time', description: 'when the state was reached' }),
  copies: Type.Integer({ description: 'times it came out of a printer' }),
});

/** Beyond the spec (docs/tills.md): who at the counter issued it, who approved it, its till's shift; null for API keys. */
const CashierName = Type.Object({ id: Type.Integer(), name: Type.String() });
const ATTRIBUTION = {
  cashier: Type.Optional(Type.Union([CashierName, Type.Null()], { description: 'beyond the spec: the cashier who issued it at the counter' })),
  approved_by: Type.Optional(Type.Union([CashierName, Type.Null()], { description: "beyond the spec: the supervisor who approved what the cashier's role may not" })),
  shift_id: Type.Optional(Nullable<number>({ type: 'integer', description: "beyond the spec: the till's shift open when it was issued" })),
  till: Type.Optional(Type.Union([Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    cashier: Type.Union([CashierName, Type.Null()], { description: "the till's cashier, as the till reported it" }),
    shift: Type.Union([Type.Object({ id: Type.Integer(), opened_at: Type.String(), closed_at: Nullable({ type: 'string' }) }), Type.Null()], { description: "the till's shift, as the till reported it" }),
  }), Type.Null()], { description: 'beyond the spec (docs/replication.md): at a head office, the paired till that issued it; null when issued here' })),
};

export const DocumentView = Type.Object({
  id: Type.Integer(),
  transaction_id: Type.String(),
  document_key: Type.String(),
  consecutive_number: Type.String(),
  document_type: Type.String(),
  document_type_name: Type.String(),
  environment: Type.String(),
  status: Type.String(),
  hacienda_status: text,
  hacienda_message: text,
  hacienda_response_at: text,
  emisor_identification: text,
  emisor_name: text,
  receptor_identification: text,
  receptor_name: text,
  currency: Type.String(),
  exchange_rate: Nullable<number>({ type: 'number' }),
  net_amount: Type.Number(),
  tax_amount: Type.Number(),
  total_amount: Type.Number(),
  processing_time_ms: Nullable<number>({ type: 'integer' }),
  pdf_path: text,
  xml_path: Type.String(),
  signed_xml: Type.String(),
  response_xml: Type.Optional(Type.String()),
  response_signature: Type.Union([ResponseSignature, Type.Null()], { description: 'beyond the spec: who signed response_xml and how far it is trusted; null until the tax authority answers (and on simulated verdicts)' }),
  rejections: Type.Array(Type.Unknown()),
  voided_by: Nullable({ type: 'string', description: 'beyond the spec: clave of the credit note that voided it' }),
  balance: Nullable<number>({ type: 'number', description: 'beyond the spec: what is left to credit, in its currency; null on documents that keep no balance' }),
  related_documents: Type.Array(RelatedDocument, { description: 'beyond the spec: the notes that reference it, oldest first' }),
  referenced_document_key: Nullable({ type: 'string', description: "beyond the spec: on a note, the clave of the organization's document it references" }),
  print: Type.Optional(Type.Union([DocumentPrintView, Type.Null()], { description: 'beyond the spec (docs/tills.md): how its last print went; null when it was never printed nor tried' })),
  ...ATTRIBUTION,
  delivery_problem: Type.Optional(Nullable({ type: 'string', description: 'beyond the spec: why a queued document waits — `unreachable`, `credentials_rejected` or `credentials_missing`; null unless queued (docs/contingency.md)' })),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
}, { additionalProperties: true }); // a member added to the view is never dropped by the serializer

export const DocumentReply = Envelope(DocumentView);

/** DocumentSubmitted (document-views.ts submittedView): what issuing answers, 201. */
export const DocumentSubmitted = Type.Object({
  id: Type.Integer(),
  document_key: Type.String({ description: 'the clave, 50 characters' }),
  consecutive_number: Type.String({ description: '20 digits' }),
  document_type: Type.String(),
  document_type_name: Type.String(),
  environment: Type.String({ description: 'staging or production' }),
  status: Type.String({ description: 'always `processing`' }),
  queued_at: Type.String({ format: 'date-time' }),
  signed_xml_path: Type.String({ description: 'internal path; download through GET /documents/{key}/xml' }),
  simulated: Type.Optional(Type.Boolean({ description: 'present and true when the verdict is simulated (test keys)' })),
  storage_status: Type.String({ description: '`local_fallback`: kept in the local store' }),
  tenant_uuid: Type.String({ format: 'uuid' }),
}, { additionalProperties: true });

export const SubmittedReply = Envelope(DocumentSubmitted);

/** VoidSubmitted: DocumentSubmitted of the credit note plus the clave it voids. */
export const VoidReply = Envelope(Type.Object({
  ...DocumentSubmitted.properties,
  voids: Type.String({ description: 'clave of the voided document' }),
}, { additionalProperties: true }));

/** DocumentListItem (document-views.ts listItemView). */
export const DocumentListItem = Type.Object({
  id: Type.String({ description: 'the document id, which doubles as cursor' }),
  document_key: Type.String(),
  consecutive_number: Type.String(),
  document_type: Type.String({ description: '`01` to `10`, or `RC` for receiver messages' }),
  status: Type.String(),
  hacienda_status: text,
  hacienda_response_at: text,
  receptor_identification: text,
  receptor_name: text,
  currency: Type.String(),
  total: Type.Number(),
  environment: Type.String(),
  voided_by: Nullable({ type: 'string', description: 'beyond the spec: clave of the credit note that voided it' }),
  print: Type.Optional(Type.Union([DocumentPrintView, Type.Null()], { description: 'beyond the spec (docs/tills.md): how its last print went; null when never printed nor tried' })),
  ...ATTRIBUTION,
  created_at: Type.String({ format: 'date-time' }),
}, { additionalProperties: true });

export const DocumentListReply = Envelope(Type.Array(DocumentListItem), {
  next_cursor: Nullable({ type: 'string', description: 'the cursor of the next page; null on the last' }),
  pagination: Type.Optional(Pagination),
});

/** The answer of POST /documents/{key}/email: the e-mail queued, 202. */
export const EmailQueuedReply = Envelope(Type.Object({
  id: Type.Integer(),
  document_key: Type.String(),
  status: Type.String({ description: '`pending` until sent' }),
  recipients: Type.Array(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
}, { additionalProperties: true }));

// Requests (the document request itself is request-schema.ts: described, and read by the field reader).

export const KeyParams = Type.Object({ key: Type.String({ description: 'clave (50), consecutive number (20) or id' }) });

export const OriginalKeyParams = Type.Object({ key: Type.String({ description: 'clave (50), consecutive number (20) or id of the original' }) });

export const ListQuery = Type.Object({
  cursor: Type.Optional(Type.String({ pattern: '^\\d{1,15}$', description: 'next_cursor of the previous page' })),
  page: Type.Optional(Type.Integer({ minimum: 1, description: 'page number (from 1); the answer then carries `pagination` (docs/documents-api.md). Not with cursor' })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  ...DOCUMENT_FILTER_QUERY,
});

export const PdfQuery = Type.Object({
  lang: Type.Optional(Type.Union([Type.Literal('es'), Type.Literal('en')], { description: 'default: from Accept-Language, `en` if asked, else Spanish' })),
  format: Type.Optional(Type.Union(PDF_FORMATS.map((f) => Type.Literal(f)), { description: 'a4 or receipt (80 mm); default: receipt for tickets (04), a4 for the others' })),
});

export type PdfParams = Static<typeof PdfQuery>;

/**
 * Beyond the spec: `disposition=inline` shows the PDF in the page (the counter prints the receipt from a
 * frame); `cash_received` prints the cash handed over and the change on a receipt (docs/pdf.md).
 */
export const PdfFileQuery = Type.Object({
  ...PdfQuery.properties,
  disposition: Type.Optional(Type.Union([Type.Literal('attachment'), Type.Literal('inline')], { description: 'default attachment (a download)' })),
  cash_received: Type.Optional(Type.String({
    pattern: '^\\d{1,13}(\\.\\d{1,5})?$',
    description: 'beyond the spec: cash the customer handed over, decimal text in the document\'s currency (e.g. 5000 or 5000.50); a receipt prints it and the change (received − total). Not stored.',
  })),
});

export const ExportQuery = Type.Object({
  ...DOCUMENT_FILTER_QUERY,
  from: Type.Optional(Type.String({ format: 'date', description: 'first issue day (YYYY-MM-DD, Costa Rica), required' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'last issue day (YYYY-MM-DD, Costa Rica, inclusive), required' })),
});

/** Spec EmailRequest. */
export const EmailRequest = Type.Object({
  recipients: Type.Array(Type.String({ format: 'email', maxLength: 160 }), { minItems: 1, maxItems: 5 }),
});

/** Spec VoidRequest. */
export const VoidBody = Type.Object({
  reason: Type.Optional(Type.String({ minLength: 1, maxLength: 180 })),
  branch: Type.Optional(Type.String({ pattern: '^\\d{1,3}$' })),
  terminal: Type.Optional(Type.String({ pattern: '^\\d{1,5}$' })),
});

/** POST /documents/{key}/print (docs/tills.md, "Printers"); every member optional, and so is the body. */
export const PrintBody = Type.Object({
  printer_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: "default: the printer of the document's till (branch and terminal of its consecutive)" })),
  cash_received: Type.Optional(Type.String({ pattern: '^\\d{1,13}(\\.\\d{1,5})?$', description: "cash the customer handed over, decimal text in the document's currency: printed with the change" })),
  copy: Type.Optional(Type.Boolean({ description: 'print "COPIA" (and never open the drawer); always true once the document was printed before (false cannot print a second original)' })),
  lang: Type.Optional(Type.Union([Type.Literal('es'), Type.Literal('en')], { description: 'default: from Accept-Language, else Spanish' })),
});

export const PrintedReply = Envelope(Type.Object({
  printed: Type.Boolean(),
  reason: Type.Optional(Type.String({ description: 'when not printed: `refused`, `timeout`, `unreachable`, `paper_out`, `offline` or `failed`' })),
  detail: Type.Optional(Type.String({ description: 'when not printed: what happened, in English' })),
  copy: Type.Boolean({ description: 'whether it printed as a copy' }),
}, { additionalProperties: true }));
