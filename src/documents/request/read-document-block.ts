/** `document` and `commercial_info` of the request. */
import { ISSUABLE_DOCUMENT_TYPES, PAYMENT_METHOD_NAMES, SALE_CONDITION_NAMES, currencies, paymentMethods, saleConditions } from '../../domain/codes.ts';
import type { DocumentTypeCode } from '../../domain/document-model.ts';
import { Dec } from '../../domain/money.ts';
import { SITUATIONS, type Situation } from '../../domain/clave.ts';
import type { PaymentInput } from '../../domain/summary-totals.ts';
import { FieldReader, isJson, pick, type Json } from './field-reader.ts';
import { allCodes, byName, codesFor, fixedCodes } from './code-lists.ts';
import type { CommercialInfo, DocumentBlock } from './parsed-request.ts';

const DOCUMENT_TYPE_CODES = fixedCodes(ISSUABLE_DOCUMENT_TYPES);
const SITUATION_CODES = fixedCodes(SITUATIONS);

/** How far ahead of this machine's clock a document date may be (the POS and this PC may disagree). */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
/** CodigoActividadEmisor/Receptor: 6 characters, digits or the dotted TRIBU-CR form. */
export const ACTIVITY_CODE = /^(\d{6}|\d{4}\.\d)$/;

export function readDocumentBlock(r: FieldReader, raw: Json | undefined, now: Date): Partial<DocumentBlock> {
  const p = 'document';
  const type = r.code(pick(raw, 'document_type', 'type'), `${p}.document_type`, { required: true, width: 2, allowed: DOCUMENT_TYPE_CODES }) as DocumentTypeCode | undefined;
  const issuedAt = r.dateTime(pick(raw, 'date', 'issue_date'), `${p}.date`, true);
  if (issuedAt && issuedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) r.problems.add(`${p}.date`, 'future_date');
  const situation = r.code(pick(raw, 'situation'), `${p}.situation`, { required: true, width: 1, allowed: SITUATION_CODES }) as Situation | undefined;
  const activityCode = r.text(pick(raw, 'activity_code', 'codigo_actividad'), `${p}.activity_code`);
  if (activityCode !== undefined && !ACTIVITY_CODE.test(activityCode)) r.problems.add(`${p}.activity_code`, 'activity_format');
  const branch = r.text(pick(raw, 'branch', 'sucursal') ?? '001', `${p}.branch`, { pattern: /^\d{1,3}$/, format: '1-3 digits' });
  const terminal = r.text(pick(raw, 'terminal', 'punto_venta') ?? '00001', `${p}.terminal`, { pattern: /^\d{1,5}$/, format: '1-5 digits' });
  const consecutive = r.text(pick(raw, 'consecutive_number', 'consecutive'), `${p}.consecutive_number`, { pattern: /^\d{20}$/, format: '20 digits' });
  const clave = r.text(pick(raw, 'clave', 'key'), `${p}.clave`, { pattern: /^[0-9A-Z]{50}$/, format: '50 digits or capital letters' });
  const providerSystemId = r.text(pick(raw, 'provider_system_id'), `${p}.provider_system_id`, { max: 20 });
  return {
    type,
    issuedAt,
    situation,
    activityCode: activityCode !== undefined && ACTIVITY_CODE.test(activityCode) ? activityCode : undefined,
    branch: branch?.padStart(3, '0'),
    terminal: terminal?.padStart(5, '0'),
    consecutive,
    clave,
    providerSystemId,
  };
}

function readPayments(r: FieldReader, raw: Json, type: DocumentTypeCode | undefined): PaymentInput[] {
  const p = 'commercial_info';
  const allowed = codesFor(paymentMethods, type);
  const value = pick(raw, 'payment_method', 'payment_methods');
  // One method (code or name), or up to four `{method, amount, other}` entries splitting the total.
  const entries = Array.isArray(value) ? (r.array(value, `${p}.payment_method`, { min: 1, max: 4 }) ?? []) : [value];
  const single = pick(raw, 'payment_method_other');
  const payments: PaymentInput[] = [];
  entries.forEach((entry, i) => {
    const path = Array.isArray(value) ? `${p}.payment_method.${i}` : `${p}.payment_method`;
    const obj = isJson(entry) ? entry : undefined;
    const methodPath = obj ? `${path}.method` : path;
    const method = r.code(byName(obj ? pick(obj, 'method', 'type', 'code') : entry, PAYMENT_METHOD_NAMES), methodPath, { required: true, width: 2, allowed });
    const otherPath = obj ? `${path}.other` : `${p}.payment_method_other`;
    const methodOther = r.text(obj ? pick(obj, 'other', 'method_other') : single, otherPath, { min: 3, max: 100 });
    if (method === '99' && methodOther === undefined && !r.problems.has(otherPath)) r.problems.add(otherPath, 'other_required');
    const amount = obj ? r.decimal(pick(obj, 'amount', 'total'), `${path}.amount`, { positive: true, maxDecimals: 5 }) : undefined;
    if (method) payments.push({ method, methodOther: method === '99' ? methodOther : undefined, amount });
  });
  return payments;
}

export function readCommercialInfo(r: FieldReader, raw: Json | undefined, type: DocumentTypeCode | undefined): Partial<CommercialInfo> {
  const p = 'commercial_info';
  if (!raw) return {};
  const currency = r.code(pick(raw, 'currency'), `${p}.currency`, { required: true, width: 3, allowed: allCodes(currencies) });
  let exchangeRate = r.decimal(pick(raw, 'exchange_rate'), `${p}.exchange_rate`, { positive: true, maxDecimals: 5, max: '9999999999999.99999' });
  if (currency === 'CRC') {
    if (exchangeRate !== undefined && !exchangeRate.equals(1)) r.problems.add(`${p}.exchange_rate`, 'exchange_rate_crc');
    exchangeRate = new Dec(1);
  } else if (currency !== undefined && exchangeRate === undefined && !r.problems.has(`${p}.exchange_rate`)) {
    r.problems.add(`${p}.exchange_rate`, 'exchange_rate_required');
  }
  const saleCondition = r.code(byName(pick(raw, 'sale_condition'), SALE_CONDITION_NAMES), `${p}.sale_condition`, {
    required: true, width: 2, allowed: codesFor(saleConditions, type), known: allCodes(saleConditions),
  });
  const saleConditionOther = r.text(pick(raw, 'sale_condition_other'), `${p}.sale_condition_other`, { min: 5, max: 100 });
  if (saleCondition === '99' && saleConditionOther === undefined && !r.problems.has(`${p}.sale_condition_other`)) {
    r.problems.add(`${p}.sale_condition_other`, 'other_required');
  }
  const creditDays = r.integer(pick(raw, 'credit_terms', 'credit_days'), `${p}.credit_terms`, { min: 0, max: 99999 });
  return {
    currency,
    exchangeRate,
    saleCondition,
    saleConditionOther: saleCondition === '99' ? saleConditionOther : undefined,
    creditDays,
    payments: readPayments(r, raw, type),
  };
}
