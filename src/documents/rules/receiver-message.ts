/** MensajeReceptor, the receiver's confirmation (annex pages 60–61). */
import { taxConditions, type CodeTable } from '../../domain/codes.ts';
import type { CheckRule, FormatRule } from './rule.ts';
import { ALL_TYPES } from './rule.ts';
import { format as fieldFormat } from './formats.ts';
import { MONEY } from '../request/field-reader.ts';

export interface ReceiverMessageFacts {
  message?: '1' | '2' | '3';
  detail?: string;
}

/** MensajeReceptor's fields, in the catalogue's section for them. */
function format<R extends Omit<FormatRule, 'kind' | 'section' | 'types'>>(rule: R) {
  return fieldFormat({ section: 'receiver-message' as const, types: ALL_TYPES, ...rule });
}

/** The fields of POST /receptor-messages as MensajeReceptor carries them (the readers take the limits from here). */
export const MESSAGE_FORMATS = {
  clave: format({
    id: 'message-clave-format', element: 'MensajeReceptor/Clave', page: 60, quote: 'Clave numérica del comprobante a confirmar … Es un campo fijo de cincuenta posiciones (revisión 2026: números y letras)',
    paths: ['clave'], text: { required: true, pattern: /^[0-9A-Z]{50}$/, format: '50 dígitos o letras mayúsculas' },
  }),
  issuerId: format({
    id: 'message-issuer-id-format', element: 'MensajeReceptor/NumeroCedulaEmisor', page: 60, quote: 'Número de cédula física/ jurídica/NITE/DIMEX del vendedor … (XSD 2026: hasta 20 caracteres)',
    paths: ['issuer_id'], text: { required: true, max: 20, pattern: /^[0-9A-Z]+$/, format: 'dígitos o letras mayúsculas' },
  }),
  receiverId: format({
    id: 'message-receiver-id-format', element: 'MensajeReceptor/NumeroCedulaReceptor', page: 61, quote: 'Número de cédula física / jurídica/NITE/DIMEX del comprador … Integer 12',
    paths: ['receiver_id'], text: { required: true, pattern: /^\d{9,12}$/, format: '9 a 12 dígitos' },
  }),
  activityCode: format({
    id: 'message-activity-code-format', element: 'MensajeReceptor/CodigoActividad', page: 61, quote: 'Código Actividad Económica receptor String 6',
    paths: ['activity_code'], text: { pattern: /^(\d{6}|(?=.{4,6}$)\d{2,4}\.\d{1,2})$/, format: 'hasta 6 caracteres: 6 dígitos o NN.N a NNNN.N' },
  }),
  detail: format({
    id: 'message-detail-length', element: 'MensajeReceptor/DetalleMensaje', page: 60, quote: 'Deberá de contener un mínimo de 5 caracteres y un máximo de 160.',
    paths: ['message_detail'], text: { min: 5, max: 160 },
  }),
  total: format({
    id: 'message-total-positive', element: 'MensajeReceptor/TotalFactura', page: 61, quote: 'Total de la factura Decimal 18,5 … Deberá de coincidir con el total del comprobante que se está confirmando.',
    paths: ['total'], decimal: { ...MONEY, required: true, positive: true },
  }),
} as const;

/** Nota 18: CondicionImpuesto. */
export const TAX_CONDITION_NOTE: FormatRule & { codes: CodeTable } = {
  kind: 'format', id: 'note-18-tax-condition', section: 'receiver-message', element: 'MensajeReceptor/CondicionImpuesto', types: ALL_TYPES, page: 80,
  quote: 'Nota 18/ La condición del impuesto a utilizar es la siguiente: 01 … 05', paths: ['tax_condition'], codes: taxConditions,
};

export const RECEIVER_MESSAGE_RULES: CheckRule<ReceiverMessageFacts>[] = [
  {
    kind: 'check', phase: 'request', id: 'message-detail-required', section: 'receiver-message', element: 'MensajeReceptor/DetalleMensaje', types: ALL_TYPES, page: 60,
    quote: 'se convierte en obligatorio cuando la factura es rechazada o aceptada parcialmente, por cuanto se debe de indicar el motivo.',
    paths: ['message_detail'],
    message: { es: 'Indique el motivo (message_detail) de una aceptación parcial o un rechazo.', en: 'Give the reason (message_detail) for a partial acceptance or a rejection.' },
    check: (f, report) => {
      if ((f.message === '2' || f.message === '3') && f.detail === undefined) report('message_detail');
    },
  },
];
