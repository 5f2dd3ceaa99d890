/**
 * The tax authority's answer (MensajeHacienda) that came with a supplier's document: there, signed by the
 * Ministerio de Hacienda, about this document, and saying accepted. A genuine answer's chain normally stays
 * "not verified" (the Ministerio's intermediate CAs are not published: hacienda/answer-signature.ts), so that
 * is no finding; a signature that fails, or a signer who is not the Ministerio, is.
 */
import type { DocumentModel } from '../domain/document-model.ts';
import { toDecimal } from '../domain/money.ts';
import type { AnswerSignature } from '../hacienda/answer-signature.ts';
import type { HaciendaMessage } from '../hacienda/hacienda-message.ts';
import type { Finding } from './findings.ts';

export interface ReceivedAnswer {
  message: Pick<HaciendaMessage, 'clave' | 'issuerId' | 'receiverId' | 'total' | 'state' | 'detail'>;
  signature: AnswerSignature;
}

/** What in the answer says it is about another document: clave, issuer, receiver or total. */
function mismatch(model: DocumentModel, message: ReceivedAnswer['message']): string | undefined {
  if (message.clave !== model.clave) return `Clave ${message.clave}`;
  if (message.issuerId !== model.issuer.identification.number) return `NumeroCedulaEmisor ${message.issuerId}`;
  const receiver = model.receiver?.identification.number;
  if (message.receiverId !== undefined && receiver !== undefined && message.receiverId !== receiver) return `NumeroCedulaReceptor ${message.receiverId}`;
  if (!toDecimal(message.total)?.eq(model.summary.total)) return `TotalFactura ${message.total}`;
  return undefined;
}

export function answerFindings(model: DocumentModel, answer: ReceivedAnswer | undefined): Finding[] {
  if (!answer) return [{ code: 'answer_missing', params: {} }];
  const { signature, message } = answer;
  if (signature.state === 'invalid' || signature.state === 'not_tax_authority') return [{ code: 'answer_untrusted', params: { detail: signature.detail } }];
  const other = mismatch(model, message);
  if (other) return [{ code: 'answer_mismatch', params: { detail: other } }];
  if (message.state === 'rechazado') return [{ code: 'answer_rejected', params: { detail: message.detail.slice(0, 300) } }];
  return [];
}
