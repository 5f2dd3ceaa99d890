/**
 * ReceptorMessageRequest (spec, "Receiver message"): the receiver's acceptance (1), partial acceptance (2)
 * or rejection (3) of a supplier's document, with every alias of the spec. The result is the
 * MensajeReceptor model less its own consecutive, which the caller assigns (types 05 / 06 / 07).
 */
import { identificationTypes } from '../domain/codes.ts';
import type { ReceiverMessageModel } from '../domain/document-model.ts';
import { formatCostaRicaDateTime } from '../domain/costa-rica-time.ts';
import { FieldReader, MONEY, pick } from '../documents/request/field-reader.ts';
import { Problems, RequestValidationError } from '../documents/request/problems.ts';
import { allCodes, fixedCodes } from '../documents/request/code-lists.ts';
import { readCallbackUrl, requestLanguage, type CallbackUrlRule } from '../documents/request/read-options.ts';
import { runChecks } from '../documents/rules/catalogue.ts';
import { MESSAGE_FORMATS, RECEIVER_MESSAGE_RULES, TAX_CONDITION_NOTE } from '../documents/rules/receiver-message.ts';
import { readPlace } from '../documents/request/read-document-block.ts';
import { CLOCK_SKEW_MS } from '../documents/rules/header.ts';

/** Consecutive document type of each message (Nota 3): 05 acceptance, 06 partial, 07 rejection. */
export const RECEIVER_MESSAGE_CONSECUTIVE_TYPE = { '1': '05', '2': '06', '3': '07' } as const;

export type UnnumberedReceiverMessage = Omit<ReceiverMessageModel, 'receiverConsecutive'>;

export interface ParsedReceiverMessage {
  model: UnnumberedReceiverMessage;
  originalDocumentType: string;
  branch: string;
  terminal: string;
  callbackUrl?: string;
}

const MESSAGE_CODES = fixedCodes(['1', '2', '3']);
const ORIGINAL_TYPES = fixedCodes(['01', '02', '03', '04', '08', '09', '10']);

export function parseReceiverMessage(body: unknown, now: Date, callbackUrlAllowed?: CallbackUrlRule): ParsedReceiverMessage {
  const problems = new Problems(requestLanguage({ api_config: { language: (body as Record<string, unknown> | null)?.['language'] } }));
  const r = new FieldReader(problems);
  const raw = r.object(body, 'body', true) ?? {};
  const clave = r.text(pick(raw, 'clave', 'key'), 'clave', MESSAGE_FORMATS.clave.text);
  const message = r.code(pick(raw, 'message', 'mensaje'), 'message', { required: true, width: 1, allowed: MESSAGE_CODES }) as '1' | '2' | '3' | undefined;
  const issuerId = r.text(pick(raw, 'issuer_id', 'emisor_id', 'cedula_emisor'), 'issuer_id', MESSAGE_FORMATS.issuerId.text);
  r.code(pick(raw, 'issuer_id_type', 'emisor_id_type', 'tipo_emisor'), 'issuer_id_type', { required: true, width: 2, allowed: allCodes(identificationTypes) });
  const receiverId = r.text(pick(raw, 'receiver_id', 'receptor_id', 'cedula_receptor'), 'receiver_id', MESSAGE_FORMATS.receiverId.text);
  r.code(pick(raw, 'receiver_id_type', 'receptor_id_type', 'tipo_receptor'), 'receiver_id_type', { required: true, width: 2, allowed: allCodes(identificationTypes) });
  const issuedAt = r.dateTime(pick(raw, 'issue_date', 'fecha_emision', 'date'), 'issue_date', true);
  if (issuedAt && issuedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) problems.add('issue_date', 'future_date');
  const total = r.decimal(pick(raw, 'total', 'total_factura'), 'total', MESSAGE_FORMATS.total.decimal);
  const activityCode = r.text(pick(raw, 'activity_code', 'codigo_actividad'), 'activity_code', MESSAGE_FORMATS.activityCode.text);
  const detail = r.text(pick(raw, 'message_detail', 'detalle_mensaje', 'detail'), 'message_detail', MESSAGE_FORMATS.detail.text);
  runChecks(RECEIVER_MESSAGE_RULES, undefined, { message, detail }, problems);
  const originalDocumentType = r.code(pick(raw, 'original_doc_type', 'tipo_documento_original') ?? '01', 'original_doc_type', { width: 2, allowed: ORIGINAL_TYPES });
  const model: Partial<UnnumberedReceiverMessage> = {
    clave,
    issuerId,
    // FechaEmisionDoc is the date of the confirmation itself, not of the supplier's document (annex page 60).
    issuedAt: formatCostaRicaDateTime(now),
    message,
    detail,
    totalTax: r.decimal(pick(raw, 'total_tax', 'total_impuesto', 'monto_total_impuesto'), 'total_tax', MONEY),
    activityCode,
    taxCondition: r.code(pick(raw, 'tax_condition', 'condicion_impuesto'), 'tax_condition', { width: 2, allowed: allCodes(TAX_CONDITION_NOTE.codes) }),
    totalTaxCredit: r.decimal(pick(raw, 'total_tax_credit', 'monto_total_impuesto_acreditar'), 'total_tax_credit', MONEY),
    totalApplicableExpense: r.decimal(pick(raw, 'total_applicable_expense', 'monto_total_gasto_aplicable'), 'total_applicable_expense', MONEY),
    total,
    receiverId,
  };
  const callbackUrl = readCallbackUrl(r, pick(raw, 'callback_url'), callbackUrlAllowed);
  const { branch, terminal } = readPlace(r, raw, '');
  if (!problems.isEmpty) throw new RequestValidationError(problems.errors);
  return {
    model: model as UnnumberedReceiverMessage,
    originalDocumentType: originalDocumentType ?? '01',
    branch: branch!,
    terminal: terminal!,
    callbackUrl,
  };
}
