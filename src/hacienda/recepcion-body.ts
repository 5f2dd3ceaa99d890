/**
 * The POST /recepcion JSON for a signed document, read back from the signed bytes themselves so the
 * JSON can never disagree with the XML (clave, consecutive, issuer, receiver).
 */
import { readDocument } from '../xml/read-document.ts';
import { readHeader } from '../xml/read-header.ts';
import type { RecepcionBody } from './types.ts';
import { identificationTypeByLength } from '../domain/identification.ts';

export interface BodyOptions {
  /** RFC 3339 date; default: the document's FechaEmision (MR: FechaEmisionDoc). */
  fecha?: string;
  callbackUrl?: string;
  /** A MensajeReceptor holds no identification types: give them, or they are inferred from the length. */
  issuerIdType?: string;
  receiverIdType?: string;
}

export function recepcionBodyFor(signedXml: string | Buffer, options: BodyOptions = {}): RecepcionBody {
  const bytes = typeof signedXml === 'string' ? Buffer.from(signedXml, 'utf8') : signedXml;
  const extra = options.callbackUrl === undefined ? {} : { callbackUrl: options.callbackUrl };
  const header = readHeader(bytes.toString('utf8'));
  if (header) {
    return {
      clave: header.clave,
      fecha: options.fecha ?? header.issuedAt,
      emisor: { tipoIdentificacion: header.issuer.type, numeroIdentificacion: header.issuer.number },
      ...(header.receiver ? { receptor: { tipoIdentificacion: header.receiver.type, numeroIdentificacion: header.receiver.number } } : {}),
      ...extra,
      comprobanteXml: bytes.toString('base64'),
    };
  }
  const read = readDocument(bytes);
  if (read.kind === 'receiver-message') {
    const m = read.model;
    return {
      clave: m.clave,
      fecha: options.fecha ?? m.issuedAt,
      emisor: { tipoIdentificacion: options.issuerIdType ?? identificationTypeByLength(m.issuerId), numeroIdentificacion: m.issuerId },
      receptor: { tipoIdentificacion: options.receiverIdType ?? identificationTypeByLength(m.receiverId), numeroIdentificacion: m.receiverId },
      consecutivoReceptor: m.receiverConsecutive,
      ...extra,
      comprobanteXml: bytes.toString('base64'),
    };
  }
  const m = read.model;
  const receiver = m.receiver?.identification;
  return {
    clave: m.clave,
    fecha: options.fecha ?? m.issuedAt,
    emisor: { tipoIdentificacion: m.issuer.identification.type, numeroIdentificacion: m.issuer.identification.number },
    ...(receiver && receiver.number !== '' ? { receptor: { tipoIdentificacion: receiver.type, numeroIdentificacion: receiver.number } } : {}),
    ...extra,
    comprobanteXml: bytes.toString('base64'),
  };
}
