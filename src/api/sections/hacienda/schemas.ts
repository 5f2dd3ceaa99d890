/**
 * Answers of the tax-authority section (spec "Tax authority"): its status (HaciendaStatus), the live
 * query of a clave (HaciendaQueryResult), a document's stored resolution (DocumentResolution), and the draft
 * check — its request (DraftValidationRequest, descriptive only: the reader checks it) and its
 * DraftValidationResult; and the parameters of the query and the resolution.
 */
import { Type } from 'typebox';
import { Envelope, Nullable, NullableInteger, NullableText, Open } from '../../schema-types.ts';
import { ResponseSignature } from '../documents/schemas.ts';
import { DocumentRequestBody } from '../documents/request-schema.ts';

/** One environment of HaciendaStatus, with the members beyond the spec the screens read (docs/organizations.md). */
const EnvironmentStatus = Type.Object({
  available: Nullable<boolean>({ type: 'boolean', description: 'null until a call or probe ran' }),
  has_certificate: Type.Boolean(),
  has_credentials: Type.Boolean(),
  credentials_rejected: Type.Boolean({ description: "beyond the spec: the tax authority's IdP refuses the stored ATV user or password" }),
  last_check: NullableText(),
  last_success: NullableText('beyond the spec: when the Recepción API last answered'),
  response_time_ms: NullableInteger(),
}, Open);

/** HaciendaStatus (hacienda-views.ts haciendaStatus). */
export const HaciendaStatusReply = Envelope(Type.Object({
  checked_at: Type.String({ format: 'date-time' }),
  default_environment: Type.String(),
  staging: EnvironmentStatus,
  production: EnvironmentStatus,
}));

export const QueryResultReply = Envelope(Type.Object({
  clave: Type.String(),
  status: Type.Optional(Type.String({ description: '`accepted`, `rejected`, `received`, `processing` or `error`' })),
  ind_estado: Type.String({ description: 'the tax authority\'s own state, e.g. `aceptado`' }),
  message: Type.String(),
  details: NullableText('the answer\'s DetalleMensaje'),
  error_codes: Type.Optional(Type.Array(Type.String(), { description: 'the rejection codes, when rejected' })),
  response_signature: Type.Optional(ResponseSignature),
}, Open));

export const ResolutionReply = Envelope(Type.Object({
  clave: Type.String(),
  status: Type.String(),
  hacienda_status: NullableText(),
  hacienda_message: NullableText(),
  hacienda_response_at: NullableText(),
}, Open));

const { document, commercial_info, issuer, receiver, items, reference, totals, other_charges } = DocumentRequestBody.properties;

export const DraftValidationBody = Type.Object({
  document_type: Type.Optional(Type.String({ description: 'the document type, `01` to `10` (or give `document`)', examples: ['01'] })),
  activity_code: Type.Optional(Type.String({ description: 'the issuer\'s economic activity' })),
  document: Type.Optional(document),
  commercial_info: Type.Optional(commercial_info),
  issuer,
  receiver,
  items,
  reference,
  totals,
  other_charges,
}, {
  ...Open,
  description: 'The spec\'s DraftValidationRequest: a document request without numbering; `issuer` and `receiver` may name `identification_type` and `identification_number`. Checked by the request reader, never rejected by a schema.',
});

const LineAmounts = Type.Object({
  line_number: Type.Integer(),
  subtotal: Type.Number(),
  discount: Type.Number(),
  tax: Type.Number(),
  total: Type.Number(),
}, Open);

export const DraftResultReply = Envelope(Type.Object({
  valid: Type.Boolean(),
  errors: Type.Optional(Type.Array(Type.String(), { description: '"path: message" lines' })),
  warnings: Type.Optional(Type.Array(Type.String(), { description: 'the draft\'s own totals that differ from the computed ones' })),
  totals: Type.Optional(Type.Record(Type.String(), Type.Number(), { description: 'beyond the spec: the computed totals' })),
  lines: Type.Optional(Type.Array(LineAmounts, { description: 'beyond the spec: the computed amounts of each line' })),
}, Open));

// Requests.

/** GET /hacienda/query/{clave}. */
export const QueryParams = Type.Object({ clave: Type.String({ pattern: '^[0-9A-Za-z]{50}(-\\d{20})?$', description: 'clave, or clave-consecutivoReceptor' }) });

/** GET /hacienda/resolution. */
export const ResolutionQuery = Type.Object({ clave: Type.String({ minLength: 1, maxLength: 50, description: 'clave, consecutive number or id' }) });
