/** The signed MensajeHacienda that answers a decided reception. */
import type { SigningIdentity } from '../../signing/p12.ts';
import { signXml } from '../../signing/xades-signer.ts';
import type { ReadResult } from '../../xml/read-document.ts';
import type { RecepcionBody } from '../types.ts';
import type { ErrorLine, Evaluation } from './evaluate.ts';
import { writeMensajeHacienda, type MensajeHaciendaFields } from './message-writer.ts';

export const SANDBOX_NOTICE = 'Este comprobante fue procesado en el ambiente de pruebas, por lo cual no tiene validez para fines tributarios';

function quote(text: string): string {
  return `"${text.replace(/"/g, "'").replace(/\s+/g, ' ')}"`;
}

function errorList(errors: ErrorLine[]): string {
  if (errors.length === 0) return '';
  const rows = errors.map((e) => `${e.code}, ${quote(e.message)}, ${e.row}, ${e.col}`);
  return `El comprobante electrónico tiene los siguientes errores: \n\n[\ncodigo, mensaje, fila, columna\n${rows.join('\n')}\n]`;
}

/** DetalleMensaje: sandbox notice, free-text notes, then the error table (the layout of real answers). */
export function detailText(evaluation: Evaluation, sandbox: boolean): string {
  const parts = sandbox ? [SANDBOX_NOTICE] : [];
  if (evaluation.verdict === 'aceptado') parts.push('Comprobante aceptado.');
  parts.push(...evaluation.notes);
  const list = errorList(evaluation.errors);
  if (list) parts.push(list);
  return parts.join('\n\n');
}

function partyFields(body: RecepcionBody, read: ReadResult): Pick<MensajeHaciendaFields, 'issuerName' | 'issuerIdType' | 'issuerId' | 'receiverName' | 'receiverIdType' | 'receiverId'> {
  if (read.kind === 'receiver-message') {
    return {
      issuerName: body.emisor.numeroIdentificacion,
      issuerIdType: body.emisor.tipoIdentificacion,
      issuerId: body.emisor.numeroIdentificacion,
      receiverIdType: body.receptor?.tipoIdentificacion,
      receiverId: read.model.receiverId,
    };
  }
  const { issuer, receiver } = read.model;
  const identified = receiver !== undefined && receiver.identification.number !== '';
  return {
    issuerName: issuer.name,
    issuerIdType: issuer.identification.type,
    issuerId: issuer.identification.number,
    receiverName: identified ? receiver.name : undefined,
    receiverIdType: identified ? receiver.identification.type : undefined,
    receiverId: identified ? receiver.identification.number : undefined,
  };
}

function amounts(read: ReadResult): { totalTax?: string; total: string } {
  if (read.kind === 'receiver-message') return { totalTax: read.model.totalTax?.toFixed(5), total: read.model.total.toFixed(5) };
  return { totalTax: read.model.summary.tax.toFixed(5), total: read.model.summary.total.toFixed(5) };
}

export function signedResponse(body: RecepcionBody, read: ReadResult, evaluation: Evaluation, sandbox: boolean, identity: SigningIdentity): string {
  const xml = writeMensajeHacienda({
    clave: body.clave,
    ...partyFields(body, read),
    message: evaluation.verdict === 'aceptado' ? 1 : 3,
    detail: detailText(evaluation, sandbox),
    ...amounts(read),
  });
  return signXml(xml, identity);
}

/** The answer with its DetalleMensaje changed after signing (fault `tamperAnswers`): the digest no longer matches. */
export function tamperedResponse(signedXml: string): string {
  return signedXml.replace('</DetalleMensaje>', ' (alterado)</DetalleMensaje>');
}
