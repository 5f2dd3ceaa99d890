/** What the simulator received, and the state of each reception's decision. */
import type { ReadResult } from '../../xml/read-document.ts';
import type { IndEstado, RecepcionBody } from '../types.ts';

export interface ReceptionRecord {
  key: string;
  body: RecepcionBody;
  xml: string;
  read: ReadResult;
  at: Date;
  state: IndEstado;
  responseXml?: string;
}

/** The GET /recepcion/{clave} answer (hyphenated wire names). */
export function statusJson(record: ReceptionRecord): Record<string, string> {
  const json: Record<string, string> = { clave: record.key, fecha: record.at.toISOString(), 'ind-estado': record.state };
  if (record.responseXml !== undefined) json['respuesta-xml'] = Buffer.from(record.responseXml, 'utf8').toString('base64');
  return json;
}

/** One entry of GET /comprobantes. */
export function listingJson(record: ReceptionRecord): Record<string, unknown> {
  return {
    clave: record.key,
    emisor: record.body.emisor,
    receptor: record.body.receptor,
    fecha: record.at.toISOString(),
    'ind-estado': record.state,
  };
}
