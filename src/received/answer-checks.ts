/**
 * The tax authority's answer (MensajeHacienda) that came with a supplier's document: there, signed by the
 * Ministerio de Hacienda, about this document, and saying accepted. A genuine answer's chain normally stays
 * "not verified" (the Ministerio's intermediate CAs are not published: hacienda/answer-signature.ts), so that
 * is no finding; a signature that fails, or a signer who is not the Ministerio, is.
 */
import { toDecimal } from '../domain/money.ts';
import type { AnswerSignature } from '../hacienda/answer-signature.ts';
import type { HaciendaMessage } from '../hacienda/hacienda-message.ts';
import type { Finding } from './findings.ts';

export interface ReceivedAnswer {
  message: Pick<HaciendaMessage, 'clave' | 'issuerId' | 'receiverId' | 'total' | 'state' | 'detail'>;
  signature: AnswerSignature;
}

/** What of the document an answer must agree with (a supplier document's stored record). */
export interface AnsweredDocument {
  clave: string;
  issuerIdentification: string;
  receiverIdentification?: string | null;
  totalAmount: string;
}

/** What in the answer says it is about another document: clave, issuer, receiver or total. */
function mismatch(doc: AnsweredDocument, message: ReceivedAnswer['message']): string | undefined {
  if (message.clave !== doc.clave) return `Clave ${message.clave}`;
  if (message.issuerId !== doc.issuerIdentification) return `NumeroCedulaEmisor ${message.issuerId}`;
  const receiver = doc.receiverIdentification;
  if (message.receiverId !== undefined && receiver && message.receiverId !== receiver) return `NumeroCedulaReceptor ${message.receiverId}`;
  const total = toDecimal(message.total);
  if (!total || !total.eq(doc.totalAmount)) return `TotalFactura ${message.total}`;
  return undefined;
}

export function answerFindings(doc: AnsweredDocument, answer: ReceivedAnswer | undefined): Finding[] {
  if (!answer) return [{ code: 'answer_missing', params: {} }];
  const { signature, message } = answer;
  if (signature.state === 'invalid' || signature.state === 'not_tax_authority') return [{ code: 'answer_untrusted', params: { detail: signature.detail } }];
  const other = mismatch(doc, message);
  if (other) return [{ code: 'answer_mismatch', params: { detail: other } }];
  if (message.state === 'rechazado') return [{ code: 'answer_rejected', params: { detail: message.detail.slice(0, 300) } }];
  return [];
}
