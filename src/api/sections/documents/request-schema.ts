/**
 * The OpenAPI description of a document request (spec "Document request", ElectronicDocumentRequest), for
 * POST /electronic-documents, the draft of POST /hacienda/validate and the notes issued from a document. It
 * documents only: the request reader (src/documents/request/) checks every member itself, reporting all
 * problems at once in the request's language, which a schema validator in front of it would pre-empt with
 * its own English messages. So these routes take the schema with a validator that lets every body through
 * to the reader (`readerValidates`).
 */
import { Type } from 'typebox';
import type { FastifySchemaCompiler } from 'fastify';
import { Item, party, decimal, open, opt, text } from './request-parts.ts';

const PRICES_INCLUDE_VAT =
  'Beyond the spec (docs/document-request.md): the prices and discounts of the items are the shelf\'s, VAT included; ' +
  'each line\'s PrecioUnitario is derived before tax (5 decimals) so that its total is the shelf price × quantity less discounts. ' +
  'Default false: `price` is before tax, as the spec says.';

const DocumentBlock = Type.Object({
  document_type: text('`01` invoice, `02` debit note, `03` credit note, `04` ticket, `08` purchase invoice, `09` export invoice, `10` payment receipt (alias `type`)', ['01']),
  date: Type.String({ format: 'date-time', description: 'issue date with time zone, within 5 minutes of the server\'s clock (older only in situation 3) (alias `issue_date`)', examples: ['2026-11-26T09:30:00-06:00'] }),
  situation: text('`1` normal, `2` contingency, `3` no internet', ['1']),
  activity_code: opt(text('the issuer\'s economic activity, 6 characters (alias `codigo_actividad`); required except on purchase invoices', ['620100'])),
  branch: opt(text('branch, 1–3 digits, default `001` (alias `sucursal`)', ['001'])),
  terminal: opt(text('terminal, 1–5 digits, default `00001` (alias `punto_venta`)', ['00001'])),
  consecutive_number: opt(text('20 digits of this document type (alias `consecutive`); assigned when left out')),
  clave: opt(Type.String({ pattern: '^[0-9A-Z]{50}$', description: 'the 50-character key (alias `key`), only with consecutive_number' })),
  provider_system_id: opt(text('ProveedorSistemas identification, default FACTURADOR_PROVIDER_ID or the issuer\'s')),
}, { ...open, description: 'DocumentBlock' });

const PaymentEntry = Type.Object({
  method: text('payment method code or name (aliases `type`, `code`)', ['01']),
  amount: opt(decimal('its share of the total (alias `total`); one entry may leave it out and takes the rest')),
  other: opt(text('with method 99 (alias `method_other`)')),
}, open);

const CommercialInfo = Type.Object({
  currency: text('ISO 4217 code', ['CRC']),
  sale_condition: text('Nota 5: `01`–`15`, `99`, or the names `cash`, `credit`, `consignment`…', ['01']),
  payment_method: Type.Union([Type.String(), Type.Array(PaymentEntry, { maxItems: 4 })], {
    description: 'Nota 6: `01`–`07`, `99`, or the names `cash`, `card`, `check`, `transfer`, `sinpe`, `digital`, `other`; beyond the spec a list of up to four `{method, amount, other}` adding up to the total (alias `payment_methods`)',
    examples: ['01'],
  }),
  exchange_rate: opt(decimal('mandatory when the currency is not CRC')),
  credit_terms: opt(decimal('days of credit (alias `credit_days`); required with sale conditions 02 and 10')),
  sale_condition_other: opt(text('mandatory with sale condition 99')),
  payment_method_other: opt(text('mandatory with payment method 99')),
  prices_include_vat: opt(Type.Boolean({ description: PRICES_INCLUDE_VAT })),
}, { ...open, description: 'CommercialInfo' });

const Reference = Type.Object({
  document_type: text('referenced document type, Nota 10 `01`–`20`, `99` (alias `type`)', ['01']),
  date: Type.String({ format: 'date-time', description: 'issue date of the referenced document (aliases `emission_date`, `issue_date`)' }),
  number: opt(text('50-character key or number of the referenced document (aliases `clave`, `key`)')),
  code: opt(text('reason code, Nota 9 `01`–`17`, `99` (alias `reason_code`)', ['01'])),
  code_other_description: opt(text('mandatory with code 99 (alias `code_other`)')),
  reason: opt(text('reason (alias `razon`)', ['Anula documento de referencia'])),
  type_other: opt(text('mandatory with document_type 99')),
}, { ...open, description: 'Reference (credit/debit notes, substitutions, payment receipts)' });

const OtherCharge = Type.Object({
  document_type: text('Nota 16 charge type, e.g. `06` 10 % service tax (alias `type`)', ['06']),
  amount: decimal('above zero'),
  detail: opt(text('detail (alias `description`)')),
  id_number: opt(text('third party\'s identification, charge 04 (alias `identification`)')),
  id_type: opt(text('third party\'s identification type, `01`–`05`')),
  name: opt(text('third party\'s name, charge 04')),
  percentage: opt(decimal('percentage')),
  type_other: opt(text('with type 99')),
}, { ...open, description: 'OtherCharge' });

const TOTALS = ['total', 'total_sales', 'total_net_sales', 'total_discount', 'total_taxes', 'total_taxed_goods', 'total_taxed_services',
  'total_exempt_goods', 'total_exempt_services', 'total_exonerated_goods', 'total_exonerated_services', 'total_no_sujeta_goods',
  'total_no_sujeto_services', 'total_assumed_tax'] as const;

const Totals = Type.Object({
  ...Object.fromEntries(TOTALS.map((name) => [name, opt(decimal('recomputed by the server from the lines'))])),
  total_other_charges: opt(decimal('taken from the request; must equal the sum of other_charges when both are given')),
  total_iva_returned: opt(decimal('VAT refunded for card-paid health services (01–04 only)')),
}, { ...open, description: 'Totals: recomputed by the server; aliases `sales`, `discounts`, `net_sales`, `taxes`, `other_charges` and a `breakdown` block' });

const Delivery = Type.Object({
  email: opt(Type.Boolean({ description: 'e-mail the document once accepted' })),
  recipients: opt(Type.Array(Type.String({ format: 'email' }), { maxItems: 5, description: 'default: the receiver\'s e-mail' })),
}, { ...open, description: 'Delivery' });

const ApiConfig = Type.Object({
  environment: opt(text('accepted; the API key decides')),
  language: opt(Type.String({ enum: ['es', 'en'], description: 'language of the validation messages' })),
  simulate: opt(Type.String({ enum: ['accepted', 'rejected'], description: 'a simulated verdict, test keys only' })),
  callback_url: opt(Type.String({ format: 'uri', description: 'same as the root callback_url' })),
}, { ...open, description: 'ApiConfig' });

const Other = Type.Object({
  text: opt(text('OtroTexto, up to 500 characters')),
  content: opt(text('OtroContenido, up to 500 characters')),
  code: opt(text('code')),
}, open);

const EXAMPLE = {
  document: { document_type: '01', date: '2026-11-26T09:30:00-06:00', situation: '1', activity_code: '620100' },
  commercial_info: { currency: 'CRC', sale_condition: '01', payment_method: '01' },
  issuer: { type: '02', id: '3101123456', name: 'Soluciones Tecnológicas del Valle S.A.', email: 'facturas@tecnovalle.example.cr', address: { province: '1', canton: '01', district: '08', details: '200 m norte de la iglesia' } },
  receiver: { type: '01', id: '112345678', name: 'María Rodríguez', email: 'maria@example.cr' },
  items: [{ cabys_code: '8413100000000', quantity: 1, unit: 'Sp', description: 'Servicio de soporte técnico', price: 50000, tax: { type: '01', rate_code: '08', rate: 13 } }],
};

export const DocumentRequestBody = Type.Object({
  document: DocumentBlock,
  commercial_info: CommercialInfo,
  issuer: party('Party: the issuer (Emisor); on a purchase invoice the supplier (alias `emisor`)'),
  receiver: opt(party('Party: the receiver (Receptor), required except on tickets and notes that correct a ticket (alias `receptor`)')),
  items: Type.Array(Item, { minItems: 1, description: 'the lines, at least one (alias `lines`)' }),
  reference: opt(Type.Union([Reference, Type.Array(Reference)], { description: 'one reference or a list (alias `references`)' })),
  totals: opt(Totals),
  other_charges: opt(Type.Array(OtherCharge)),
  others: opt(Type.Array(Other, { maxItems: 100, description: 'beyond the spec: OtroTexto / OtroContenido, not on payment receipts' })),
  delivery: opt(Delivery),
  api_config: opt(ApiConfig),
  environment: opt(text('accepted; the API key decides')),
  callback_url: opt(Type.String({ format: 'uri', description: 'an extra URL that receives the webhooks of this document' })),
}, {
  ...open,
  description: 'The spec\'s ElectronicDocumentRequest (DraftValidationRequest for a draft). Every member is checked by the request reader, which reports all problems at once as a validation_error (docs/document-request.md).',
  examples: [EXAMPLE],
});

/** Every body passes to the request reader, which is where a document request is checked. */
export const readerValidates: FastifySchemaCompiler<unknown> = () => () => true;
