/**
 * The verdict of a stored tax-authority answer (MensajeHacienda `Mensaje`: 1 accepted, 3 rejected), for the
 * export index of imported documents. The answer was verified when it was imported; this only reads it.
 */
import { parseXml, optTok } from '../xml/read-dom.ts';

export function answerVerdict(xml: Buffer): 'accepted' | 'rejected' | null {
  try {
    const root = parseXml(xml).documentElement;
    const message = root ? optTok(root, 'Mensaje') : undefined;
    return message === '1' ? 'accepted' : message === '3' ? 'rejected' : null;
  } catch {
    return null;
  }
}
