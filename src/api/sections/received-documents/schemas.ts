/**
 * Request and answer schemas of /received-documents (docs/received.md). Amounts are decimal strings with five
 * places, as the documents carry them: a supplier's document is read, never recomputed into a float.
 */
import { Type } from 'typebox';
import { Envelope, NullableText, PAGE_QUERY, Pagination } from '../../schema-types.ts';

const Amount = (description: string) => Type.String({ pattern: '^-?[0-9]+\\.[0-9]{5}$', description });

const STATES = ['pending', 'accepted', 'partially_accepted', 'rejected', 'tacitly_accepted', 'not_required'] as const;

export const ReceivedState = Type.Unsafe<(typeof STATES)[number]>({
  type: 'string', enum: [...STATES],
  description: 'pending: waits for an answer; tacitly_accepted: unanswered past the deadline (presumed accepted); not_required: a credit note',
});

export const Finding = Type.Object({
  code: Type.String(),
  blocking: Type.Boolean({ description: 'true: no VAT credit while it stands' }),
  message: Type.String({ description: 'in the request\'s language' }),
});

export const ReceivedDocument = Type.Object({
  clave: Type.String(),
  document_type: Type.String({ description: '01 invoice, 02 debit note, 03 credit note' }),
  consecutive: Type.String(),
  supplier: Type.Object({ identification: Type.String(), name: Type.String() }),
  currency: Type.String(),
  exchange_rate: Amount('TipoCambio'),
  total: Amount('TotalComprobante'),
  total_tax: Amount('TotalImpuesto'),
  tax_breakdown: Type.Array(Type.Object({ code: Type.String(), rate_code: NullableText(), amount: Amount('net tax of the code and rate') })),
  issued_at: Type.String({ description: 'FechaEmision, Costa Rica time' }),
  transaction_month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$' }),
  answer_due: NullableText('the last day of the answer window (YYYY-MM-DD); null when no answer is needed'),
  deadline: Type.Union([Type.Literal('open'), Type.Literal('closing'), Type.Literal('passed'), Type.Null()], { description: 'closing: three business days or fewer left' }),
  state: ReceivedState,
  claimable: Type.Boolean({ description: 'whether its VAT may be claimed: accepted (or tacitly), with no blocking finding' }),
  hacienda_answer: Type.Union([Type.Literal('aceptado'), Type.Literal('rechazado'), Type.Null()], { description: 'the tax authority\'s answer that came with it' }),
  has_pdf: Type.Boolean(),
  findings: Type.Array(Finding),
  answer_document_id: Type.Union([Type.Integer(), Type.Null()], { description: 'our MensajeReceptor (GET /electronic-documents/{id})' }),
  source: Type.String({ description: 'imap, folder or upload' }),
  received_at: Type.String({ format: 'date-time' }),
});

/** The single document's links (GET /received-documents/{clave}): a note to what it corrects, and back. */
const Related = {
  references: Type.Array(Type.Object({
    document_type: Type.String({ description: 'InformacionReferencia/TipoDocIR' }),
    number: NullableText('the clave or consecutive it names'),
    code: NullableText('CodigoReferencia'),
    clave: NullableText('the received document it names, when that one is here'),
  })),
  notes: Type.Array(Type.Object({
    clave: Type.String(), document_type: Type.String(), consecutive: Type.String(), total: Amount('TotalComprobante'), state: ReceivedState,
  }), { description: 'received credit and debit notes that refer to this document' }),
};

export const ReceivedReply = Envelope(Type.Object({ ...ReceivedDocument.properties, ...Related }));

export const ReceivedListQuery = Type.Object({
  ...PAGE_QUERY,
  state: Type.Optional(ReceivedState),
  supplier: Type.Optional(Type.String({ pattern: '^[0-9A-Z]{9,12}$', description: 'the supplier\'s identification' })),
  month: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'the transaction month, YYYY-MM' })),
  sort: Type.Optional(Type.Literal('deadline', { description: 'nearest answer deadline first (default: newest first)' })),
});

export const ReceivedListReply = Envelope(Type.Array(ReceivedDocument), { pagination: Pagination });

export const ClaveParams = Type.Object({ clave: Type.String({ pattern: '^[0-9A-Z]{50}$', description: 'the clave of the supplier\'s document' }) });

export const UploadBody = Type.Unknown({
  description: 'multipart/form-data with one or more file fields (the signed XML, the tax authority\'s answer, the PDF, or a ZIP of them), or one XML document as application/xml; at most 64 MiB',
});

export const FileResult = Type.Object({
  file: Type.String(),
  status: Type.Union([Type.Literal('stored'), Type.Literal('duplicate'), Type.Literal('attached'), Type.Literal('problem')]),
  clave: NullableText(),
  attached: Type.Union([Type.Literal('answer'), Type.Literal('pdf'), Type.Null()]),
  reason: NullableText('why a file was not taken'),
});

export const UploadReply = Envelope(Type.Object({
  files: Type.Array(FileResult),
  stored: Type.Integer({ description: 'documents stored by this upload' }),
  problems: Type.Integer(),
}));

export const AnswerBody = Type.Object({
  message: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { description: '1 accept, 2 accept partially, 3 reject' }),
  detail: Type.Optional(Type.String({ minLength: 5, maxLength: 160, description: 'the reason; required for 2 and 3' })),
  tax_condition: Type.Optional(Type.String({ pattern: '^0[1-5]$', description: 'CondicionImpuesto (01 general credit … 05 proportionality); default 01' })),
  creditable_tax: Type.Optional(Type.String({ pattern: '^[0-9]{1,13}(\\.[0-9]{1,5})?$', description: 'MontoTotalImpuestoAcreditar; default the whole tax' })),
  applicable_expense: Type.Optional(Type.String({ pattern: '^[0-9]{1,13}(\\.[0-9]{1,5})?$', description: 'MontoTotalDeGastoAplicable; default the total less the credit' })),
  activity_code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$', description: 'the activity the credit goes to' })),
}, { additionalProperties: false });

export const AnswerReply = Envelope(ReceivedDocument);
