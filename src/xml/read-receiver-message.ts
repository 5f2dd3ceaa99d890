/** Reads a MensajeReceptor back into the model. */
import type { Element } from '@xmldom/xmldom';
import type { ReceiverMessageModel } from '../domain/document-model.ts';
import { XmlReadError } from './errors.ts';
import { compact, dec, optDec, optStr, optTok, tok } from './read-dom.ts';

export function readReceiverMessageElement(root: Element): ReceiverMessageModel {
  const message = tok(root, 'Mensaje');
  if (message !== '1' && message !== '2' && message !== '3') {
    throw new XmlReadError(`<Mensaje> must be 1, 2 or 3, found "${message}"`);
  }
  return compact({
    clave: tok(root, 'Clave'),
    issuerId: tok(root, 'NumeroCedulaEmisor'),
    issuedAt: tok(root, 'FechaEmisionDoc'),
    message,
    detail: optStr(root, 'DetalleMensaje'),
    totalTax: optDec(root, 'MontoTotalImpuesto'),
    activityCode: optTok(root, 'CodigoActividad'),
    taxCondition: optTok(root, 'CondicionImpuesto'),
    totalTaxCredit: optDec(root, 'MontoTotalImpuestoAcreditar'),
    totalApplicableExpense: optDec(root, 'MontoTotalDeGastoAplicable'),
    total: dec(root, 'TotalFactura'),
    receiverId: tok(root, 'NumeroCedulaReceptor'),
    receiverConsecutive: tok(root, 'NumeroConsecutivoReceptor'),
  });
}
