/** `document` and `commercial_info` of the request. */
import { ISSUABLE_DOCUMENT_TYPES, PAYMENT_METHOD_NAMES, SALE_CONDITION_NAMES } from '../../domain/codes.ts';
import type { DocumentTypeCode } from '../../domain/document-model.ts';
import { Dec } from '../../domain/money.ts';
import { SITUATIONS, type Situation } from '../../domain/clave.ts';
import type { PaymentInput } from '../../domain/summary-totals.ts';
import { FieldReader, MONEY, isJson, pick, type Json } from './field-reader.ts';
import { allCodes, byName, codesFor, fixedCodes } from './code-lists.ts';
import type { AtPath, CommercialInfo, DocumentBlock } from './parsed-request.ts';
import { FORMATS } from '../rules/formats.ts';
import { NOTES } from '../rules/notes.ts';

const DOCUMENT_TYPE_CODES = fixedCodes(ISSUABLE_DOCUMENT_TYPES);
const SITUATION_CODES = fixedCodes(SITUATIONS);


/**
 * Branch (sucursal, 3 digits) and terminal (punto de venta, 5 digits) of the consecutive, zero-padded; blank or
 * missing, the default 001 / 00001. Documents and receiver messages number by them alike.
 */
export function readPlace(r: FieldReader, raw: Json | undefined, prefix: string): { branch?: string; terminal?: string } {
  const branch = r.text(pick(raw, 'branch', 'sucursal'), `${prefix}branch`, { pattern: /^\d{1,3}$/, format: '1-3 digits' });
  const terminal = r.text(pick(raw, 'terminal', 'punto_venta'), `${prefix}terminal`, { pattern: /^\d{1,5}$/, format: '1-5 digits' });
  const place = (value: string | undefined, path: string, fallback: string, width: number) =>
    value?.padStart(width, '0') ?? (r.problems.has(path) ? undefined : fallback);
  return { branch: place(branch, `${prefix}branch`, '001', 3), terminal: place(terminal, `${prefix}terminal`, '00001', 5) };
}

export function readDocumentBlock(r: FieldReader, raw: Json | undefined): Partial<DocumentBlock> {
  const p = 'document';
  const type = r.code(pick(raw, 'document_type', 'type'), `${p}.document_type`, { required: true, width: 2, allowed: DOCUMENT_TYPE_CODES }) as DocumentTypeCode | undefined;
  const issuedAt = r.dateTime(pick(raw, 'date', 'issue_date'), `${p}.date`, FORMATS.issueDate.text.required);
  const situation = r.code(pick(raw, 'situation'), `${p}.situation`, { required: true, width: 1, allowed: SITUATION_CODES }) as Situation | undefined;
  const activityCode = r.text(pick(raw, 'activity_code', 'codigo_actividad'), `${p}.activity_code`, FORMATS.activityCode.text);
  const { branch, terminal } = readPlace(r, raw, `${p}.`);
  const consecutive = r.text(pick(raw, 'consecutive_number', 'consecutive'), `${p}.consecutive_number`, FORMATS.consecutive.text);
  const clave = r.text(pick(raw, 'clave', 'key'), `${p}.clave`, FORMATS.clave.text);
  const providerSystemId = r.text(pick(raw, 'provider_system_id'), `${p}.provider_system_id`, { max: 20 });
  return {
    type,
    issuedAt,
    situation,
    activityCode,
    branch,
    terminal,
    consecutive,
    clave,
    providerSystemId,
  };
}

function readPayments(r: FieldReader, raw: Json, type: DocumentTypeCode | undefined): (PaymentInput & AtPath)[] {
  const p = 'commercial_info';
  const allowed = codesFor(NOTES.paymentMethod.codes, type);
  const value = pick(raw, 'payment_method', 'payment_methods');
  // One method (code or name), or up to four `{method, amount, other}` entries splitting the total.
  const entries = Array.isArray(value) ? (r.array(value, `${p}.payment_method`, { min: 1, max: 4 }) ?? []) : [value];
  const single = pick(raw, 'payment_method_other');
  const payments: (PaymentInput & AtPath)[] = [];
  entries.forEach((entry, i) => {
    const path = Array.isArray(value) ? `${p}.payment_method.${i}` : `${p}.payment_method`;
    const obj = isJson(entry) ? entry : undefined;
    const methodPath = obj ? `${path}.method` : path;
    const method = r.code(byName(obj ? pick(obj, 'method', 'type', 'code') : entry, PAYMENT_METHOD_NAMES), methodPath, { required: true, width: 2, allowed });
    const otherPath = obj ? `${path}.other` : `${p}.payment_method_other`;
    const methodOther = r.text(obj ? pick(obj, 'other', 'method_other') : single, otherPath, FORMATS.paymentMethodOther.text);
    const amount = obj ? r.decimal(pick(obj, 'amount', 'total'), `${path}.amount`, FORMATS.paymentAmount.decimal) : undefined;
    if (method) payments.push({ path, method, methodOther: method === '99' ? methodOther : undefined, amount });
  });
  return payments;
}

export function readCommercialInfo(r: FieldReader, raw: Json | undefined, type: DocumentTypeCode | undefined): Partial<CommercialInfo> {
  const p = 'commercial_info';
  if (!raw) return {};
  const currency = r.code(pick(raw, 'currency'), `${p}.currency`, { required: true, width: 3, allowed: allCodes(NOTES.currency.codes) });
  const givenRate = r.decimal(pick(raw, 'exchange_rate'), `${p}.exchange_rate`, { ...MONEY, positive: true });
  // Colones are at 1 (the rule catalogue refuses another rate given for CRC).
  const exchangeRate = givenRate ?? (currency === 'CRC' ? new Dec(1) : undefined);
  const saleCondition = r.code(byName(pick(raw, 'sale_condition'), SALE_CONDITION_NAMES), `${p}.sale_condition`, {
    required: true, width: 2, allowed: codesFor(NOTES.saleCondition.codes, type), known: allCodes(NOTES.saleCondition.codes),
  });
  const saleConditionOther = r.text(pick(raw, 'sale_condition_other'), `${p}.sale_condition_other`, FORMATS.saleConditionOther.text);
  const creditDays = r.integer(pick(raw, 'credit_terms', 'credit_days'), `${p}.credit_terms`, FORMATS.creditTerms.decimal);
  return {
    currency,
    exchangeRate,
    saleCondition,
    saleConditionOther: saleCondition === '99' ? saleConditionOther : undefined,
    creditDays,
    payments: readPayments(r, raw, type),
    pricesIncludeVat: r.boolean(pick(raw, 'prices_include_vat'), `${p}.prices_include_vat`),
  };
}
