/**
 * Reads the tax authority's answer (MensajeHacienda, the `respuesta-xml` of GET /recepcion/{clave}):
 * its fields, whether its signature verifies, and its DetalleMensaje as rejections.
 */
import type { Element } from '@xmldom/xmldom';
import { verifyXml } from '../signing/verify.ts';
import type { SignerIdentity } from '../signing/verify-chain.ts';
import { withoutSignature } from '../signing/verify-canonical-bytes.ts';
import { XmlReadError } from '../xml/errors.ts';
import { xmlLimitProblem } from '../domain/xml-limits.ts';
import { optTok, parseXml, str, tok } from '../xml/read-dom.ts';
import { parseDetail, type Language, type Rejection } from './rejections.ts';

export const MENSAJE_HACIENDA_NS = 'https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/mensajeHacienda';

/** The members of a MensajeHacienda, as read here and as the simulator writes them. */
export interface MensajeHaciendaContent {
  clave: string;
  issuerName: string;
  issuerIdType: string;
  issuerId: string;
  receiverName?: string;
  receiverIdType?: string;
  receiverId?: string;
  detail: string;
  totalTax?: string;
  total: string;
}

export interface HaciendaMessage extends MensajeHaciendaContent {
  /** 1 accepted, 3 rejected. */
  message: '1' | '3';
  state: 'aceptado' | 'rechazado';
  /** EstadoMensaje as written ("Aceptado", "Rechazado"). */
  stateText: string;
  /** `signer` (the certificate's subject) and `identity` (holder, chain to a Costa Rican root): src/signing/verify-chain.ts. */
  signature: { valid: boolean; problems: string[]; signer?: string; identity?: SignerIdentity };
  rejections: Rejection[];
}

function root(xml: string): Element {
  const element = parseXml(xml).documentElement;
  if (!element || element.localName !== 'MensajeHacienda') {
    throw new XmlReadError(`expected a MensajeHacienda, got <${element?.localName ?? '?'}>`);
  }
  // Older answers use the v4.3 namespace; accept any mensajeHacienda namespace of the tax authority.
  if (!/\/mensajeHacienda$/.test(element.namespaceURI ?? '')) {
    throw new XmlReadError(`MensajeHacienda has an unexpected namespace "${element.namespaceURI ?? ''}"`);
  }
  return element;
}

/** Decodes (Buffer = the bytes, string = XML text) and reads a MensajeHacienda; throws XmlReadError when it is not one. */
export function readHaciendaMessage(input: Buffer | string, language: Language = 'es'): HaciendaMessage {
  const xml = typeof input === 'string' ? input : input.toString('utf8');
  // Before the signature is cut out by text search: an answer is kilobytes (src/domain/xml-limits.ts).
  const tooLarge = xmlLimitProblem(xml);
  if (tooLarge) throw new XmlReadError(tooLarge);
  const el = root(withoutSignature(xml) ?? xml); // the fields lie outside the signature
  const message = tok(el, 'Mensaje');
  if (message !== '1' && message !== '3') throw new XmlReadError(`Mensaje must be 1 or 3, got "${message}"`);
  const detail = str(el, 'DetalleMensaje');
  const verification = verifyXml(xml);
  return {
    clave: tok(el, 'Clave'),
    issuerName: str(el, 'NombreEmisor'),
    issuerIdType: tok(el, 'TipoIdentificacionEmisor'),
    issuerId: tok(el, 'NumeroCedulaEmisor'),
    receiverName: optTok(el, 'NombreReceptor'),
    receiverIdType: optTok(el, 'TipoIdentificacionReceptor'),
    receiverId: optTok(el, 'NumeroCedulaReceptor'),
    message,
    state: message === '1' ? 'aceptado' : 'rechazado',
    stateText: tok(el, 'EstadoMensaje'),
    detail,
    totalTax: optTok(el, 'MontoTotalImpuesto'),
    total: tok(el, 'TotalFactura'),
    signature: {
      valid: verification.valid, problems: verification.problems,
      ...(verification.signer ? { signer: verification.signer.subject } : {}),
      ...(verification.identity ? { identity: verification.identity } : {}),
    },
    rejections: message === '3' ? parseDetail(detail, language) : [],
  };
}
