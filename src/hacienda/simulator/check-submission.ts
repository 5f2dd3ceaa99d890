/**
 * The synchronous checks of POST /recepcion, before the 202: the JSON body is well formed, its XML
 * decodes and is a known document, and the JSON agrees with the XML (clave, consecutive, issuer).
 * Anything wrong is a 400 cause, worded like the real service's X-Error-Cause.
 */
import { parseClave } from '../../domain/clave.ts';
import type { ReadResult } from '../../xml/read-document.ts';
import { readDocument } from '../../xml/read-document.ts';
import type { RecepcionBody } from '../types.ts';

export type CheckResult =
  | { ok: true; body: RecepcionBody; xml: string; read: ReadResult; key: string }
  | { ok: false; cause: string };

const JSON_ERROR = 'validation-exception: La informacion json enviada contiene errores';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isParty(value: unknown): value is RecepcionBody['emisor'] {
  return isObject(value) && typeof value.tipoIdentificacion === 'string' && typeof value.numeroIdentificacion === 'string';
}

/** The body, or the cause naming its first problem. */
function parseBody(text: string): RecepcionBody | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `${JSON_ERROR} (JSON mal formado)`;
  }
  if (!isObject(value)) return JSON_ERROR;
  for (const field of ['clave', 'fecha', 'comprobanteXml'] as const) {
    if (typeof value[field] !== 'string' || value[field] === '') return `${JSON_ERROR} (falta ${field})`;
  }
  if (!isParty(value.emisor)) return `${JSON_ERROR} (falta emisor)`;
  if (value.receptor !== undefined && !isParty(value.receptor)) return `${JSON_ERROR} (receptor inválido)`;
  if (value.consecutivoReceptor !== undefined && typeof value.consecutivoReceptor !== 'string') return `${JSON_ERROR} (consecutivoReceptor)`;
  return value as unknown as RecepcionBody;
}

function decodeXml(base64: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return undefined;
  const text = Buffer.from(base64, 'base64').toString('utf8');
  return text.includes('<') ? text : undefined;
}

/** JSON ↔ XML consistency; returns the cause of the first mismatch. */
function consistency(body: RecepcionBody, read: ReadResult): string | undefined {
  if (read.model.clave !== body.clave) return `La clave del JSON [${body.clave}] no coincide con la clave del XML [${read.model.clave}].`;
  if (read.kind === 'receiver-message') {
    const consecutive = body.consecutivoReceptor;
    if (consecutive === undefined || !/^\d{8}0[567]\d{10}$/.test(consecutive)) {
      return 'El consecutivoReceptor es requerido para un MensajeReceptor: 20 dígitos de tipo 05, 06 o 07.';
    }
    if (consecutive !== read.model.receiverConsecutive) return 'El consecutivoReceptor no coincide con NumeroConsecutivoReceptor del XML.';
    if (body.emisor.numeroIdentificacion !== read.model.issuerId) return 'La identificación del emisor del JSON no coincide con NumeroCedulaEmisor del XML.';
    return undefined;
  }
  const clave = parseClave(body.clave);
  if (clave.consecutive !== read.model.consecutive) return 'El consecutivo de la clave no coincide con NumeroConsecutivo del XML.';
  const issuer = read.model.issuer.identification;
  if (body.emisor.tipoIdentificacion !== issuer.type || body.emisor.numeroIdentificacion !== issuer.number) {
    return 'La identificación del emisor del JSON no coincide con la del Emisor del XML.';
  }
  return undefined;
}

/** The key receptions are stored under: the clave, or clave-consecutivoReceptor for a receiver message. */
export function receptionKey(body: RecepcionBody, read: ReadResult): string {
  return read.kind === 'receiver-message' ? `${body.clave}-${body.consecutivoReceptor ?? ''}` : body.clave;
}

export function checkSubmission(text: string): CheckResult {
  const body = parseBody(text);
  if (typeof body === 'string') return { ok: false, cause: body };
  try {
    parseClave(body.clave);
  } catch (error) {
    return { ok: false, cause: `La clave [${body.clave}] no es válida: ${(error as Error).message}` };
  }
  const xml = decodeXml(body.comprobanteXml);
  if (xml === undefined) return { ok: false, cause: 'El comprobanteXml no es un XML codificado en base64.' };
  let read: ReadResult;
  try {
    read = readDocument(xml);
  } catch (error) {
    return { ok: false, cause: `El tipo de documento no corresponde: ${(error as Error).message}` };
  }
  const mismatch = consistency(body, read);
  if (mismatch !== undefined) return { ok: false, cause: mismatch };
  return { ok: true, body, xml, read, key: receptionKey(body, read) };
}
