/**
 * Writes a MensajeHacienda in exclusive canonical form (no whitespace between elements, the default
 * namespace on the root only, ending with the root end tag), which is what signXml requires.
 */
import { escapeText } from '../../xml/escape.ts';
import { MENSAJE_HACIENDA_NS, type MensajeHaciendaContent } from '../hacienda-message.ts';

export interface MensajeHaciendaFields extends MensajeHaciendaContent {
  /** 1 accepted, 3 rejected. */
  message: 1 | 3;
}

function element(name: string, value: string | undefined): string {
  return value === undefined ? '' : `<${name}>${escapeText(value, name)}</${name}>`;
}

/** XSD limits that the reflected names must respect (the issuer's name may be longer in the document). */
function cut(value: string | undefined, max: number): string | undefined {
  return value === undefined ? undefined : [...value].slice(0, max).join('');
}

export function writeMensajeHacienda(f: MensajeHaciendaFields): string {
  return '<?xml version="1.0" encoding="utf-8"?>' +
    `<MensajeHacienda xmlns="${MENSAJE_HACIENDA_NS}">` +
    element('Clave', f.clave) +
    element('NombreEmisor', cut(f.issuerName, 100)) +
    element('TipoIdentificacionEmisor', f.issuerIdType) +
    element('NumeroCedulaEmisor', cut(f.issuerId, 20)) +
    element('NombreReceptor', cut(f.receiverName, 100)) +
    element('TipoIdentificacionReceptor', f.receiverIdType) +
    element('NumeroCedulaReceptor', cut(f.receiverId, 20)) +
    element('Mensaje', String(f.message)) +
    element('EstadoMensaje', f.message === 1 ? 'Aceptado' : 'Rechazado') +
    element('DetalleMensaje', f.detail) +
    element('MontoTotalImpuesto', f.totalTax) +
    element('TotalFactura', f.total) +
    '</MensajeHacienda>';
}
