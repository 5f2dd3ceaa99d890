/**
 * Writes a MensajeReceptor (the receiver's acceptance, partial acceptance or rejection of a
 * supplier's document) in exclusive canonical form, ready to be signed like the comprobantes.
 */
import type { ReceiverMessageModel } from '../domain/document-model.ts';
import { num, optNum, optText, text } from './elements.ts';
import { namespaceOf, RECEIVER_MESSAGE_ROOT, XML_DECLARATION } from './roots.ts';

const START_TAG = `${XML_DECLARATION}<${RECEIVER_MESSAGE_ROOT} xmlns="${namespaceOf(RECEIVER_MESSAGE_ROOT)}">`;
const END_TAG = `</${RECEIVER_MESSAGE_ROOT}>`;

export function writeReceiverMessage(model: ReceiverMessageModel): string {
  return (
    START_TAG +
    text('Clave', model.clave) +
    text('NumeroCedulaEmisor', model.issuerId) +
    text('FechaEmisionDoc', model.issuedAt) +
    text('Mensaje', model.message) +
    optText('DetalleMensaje', model.detail) +
    optNum('MontoTotalImpuesto', model.totalTax) +
    optText('CodigoActividad', model.activityCode) +
    optText('CondicionImpuesto', model.taxCondition) +
    optNum('MontoTotalImpuestoAcreditar', model.totalTaxCredit) +
    optNum('MontoTotalDeGastoAplicable', model.totalApplicableExpense) +
    num('TotalFactura', model.total) +
    text('NumeroCedulaReceptor', model.receiverId) +
    text('NumeroConsecutivoReceptor', model.receiverConsecutive) +
    END_TAG
  );
}
