/** MensajeReceptor, the receiver's confirmation (annex pages 60–61). */
import type { CheckRule, FormatRule } from './rule.ts';
import { ALL_TYPES } from './rule.ts';

export interface ReceiverMessageFacts {
  message?: '1' | '2' | '3';
  detail?: string;
}

export const MESSAGE_DETAIL_FORMAT: FormatRule = {
  kind: 'format', id: 'message-detail-length', section: 'receiver-message', element: 'MensajeReceptor/DetalleMensaje', types: ALL_TYPES, page: 60,
  quote: 'Deberá de contener un mínimo de 5 caracteres y un máximo de 160.', paths: ['message_detail'], text: { min: 5, max: 160 },
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
