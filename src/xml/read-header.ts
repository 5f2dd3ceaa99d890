/**
 * The header of a document the app wrote (clave, FechaEmision, issuer and receiver identification), read by
 * scanning the text instead of building a DOM: the POST /recepcion JSON needs only these, and a drain of
 * thousands of documents should not parse each one whole. Our writer emits a fixed, unprefixed,
 * canonical form; anything else (or any doubt) returns undefined and the caller reads the document fully.
 */
import { TYPE_BY_ROOT } from './roots.ts';

export interface DocumentHeader {
  clave: string;
  issuedAt: string;
  issuer: { type: string; number: string };
  /** Absent when the document has no receiver or the receiver carries no identification. */
  receiver?: { type: string; number: string };
}

const ROOT = /^(?:<\?xml[^>]*\?>\s*)?<([A-Za-z]+)[\s>]/;
const IDENTIFICATION = /^<Identificacion><Tipo>(\d{2})<\/Tipo><Numero>([0-9A-Za-z]+)<\/Numero><\/Identificacion>/;

/** The text of the first <name>…</name> (no attributes, no nesting of the same name). */
function element(text: string, name: string, from = 0): { inner: string; end: number } | undefined {
  const open = text.indexOf(`<${name}>`, from);
  if (open < 0) return undefined;
  const close = text.indexOf(`</${name}>`, open);
  if (close < 0) return undefined;
  return { inner: text.slice(open + name.length + 2, close), end: close + name.length + 3 };
}

/** Tipo and Numero of a party's Identificacion: right after its Nombre, as the XSD orders them. */
function identification(party: string): { type: string; number: string } | undefined {
  const afterName = element(party, 'Nombre');
  const match = afterName ? IDENTIFICATION.exec(party.slice(afterName.end)) : undefined;
  return match ? { type: match[1]!, number: match[2]! } : undefined;
}

/** The header of one of the seven comprobantes in our own form, or undefined (read the document fully). */
export function readHeader(text: string): DocumentHeader | undefined {
  const root = ROOT.exec(text)?.[1];
  if (!root || !TYPE_BY_ROOT.has(root) || text.includes('<!')) return undefined;
  const clave = element(text, 'Clave')?.inner;
  const issuedAt = element(text, 'FechaEmision')?.inner;
  const issuerPart = element(text, 'Emisor');
  const issuer = issuerPart ? identification(issuerPart.inner) : undefined;
  if (!clave || !issuedAt || !issuer || !/^[0-9A-Za-z]{50}$/.test(clave)) return undefined;
  const receiverPart = element(text, 'Receptor', issuerPart!.end);
  if (!receiverPart) return { clave, issuedAt, issuer };
  const receiver = identification(receiverPart.inner);
  if (!receiver && receiverPart.inner.includes('<Identificacion>')) return undefined; // unexpected shape: read fully
  return receiver ? { clave, issuedAt, issuer, receiver } : { clave, issuedAt, issuer };
}
