/**
 * Parsing and element look-ups for the reader. Documents from other software arrive pretty-printed,
 * with prefixed or default namespaces, so elements are matched by local name, never by prefix or
 * position; the XML Signature children are skipped.
 */
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import type { Decimal } from 'decimal.js';
import { Dec } from '../domain/money.ts';
import { XmlReadError } from './errors.ts';
import { xmlLimitProblem } from '../domain/xml-limits.ts';
import { normalizeXml10LineEndings } from '../domain/xml-line-endings.ts';

export const XMLDSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';


function decode(xml: string | Uint8Array): string {
  if (typeof xml === 'string') return xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(xml); // strips a BOM
  } catch {
    throw new XmlReadError('the document is not valid UTF-8');
  }
}

/** Parses XML text or UTF-8 bytes; any well-formedness error becomes an XmlReadError. */
export function parseXml(xml: string | Uint8Array): Document {
  const parser = new DOMParser({
    normalizeLineEndings: normalizeXml10LineEndings,
    onError: (level, message) => {
      if (level !== 'warning') throw new XmlReadError(`malformed XML: ${message}`);
    },
  });
  // Size, element count and depth before the DOM: the reader meets other people's XML (docs/archive.md).
  const tooLarge = xmlLimitProblem(xml);
  if (tooLarge) throw new XmlReadError(tooLarge);
  try {
    return parser.parseFromString(decode(xml), 'text/xml');
  } catch (error) {
    if (error instanceof XmlReadError) throw error;
    const cause = error instanceof Error && error.cause instanceof XmlReadError ? error.cause : undefined;
    throw cause ?? new XmlReadError(`malformed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Child elements of `el` with the given local name, in document order (signatures excluded). */
export function children(el: Element, name: string): Element[] {
  const out: Element[] = [];
  for (let node = el.firstChild; node !== null; node = node.nextSibling) {
    if (node.nodeType === 1) {
      const child = node as Element;
      if (child.localName === name && child.namespaceURI !== XMLDSIG_NS) out.push(child);
    }
  }
  return out;
}

export function child(el: Element, name: string): Element | undefined {
  return children(el, name)[0];
}

export function required(el: Element, name: string): Element {
  const found = child(el, name);
  if (found === undefined) throw new XmlReadError(`<${el.localName}> lacks the required element <${name}>`);
  return found;
}

/** Free text exactly as written (Nombre, Detalle, Razon …): string types preserve whitespace. */
export function textOf(el: Element): string {
  return el.textContent ?? '';
}

export function str(el: Element, name: string): string {
  return textOf(required(el, name));
}

/** Optional text; an empty element counts as absent, as the writer never writes one. */
export function optStr(el: Element, name: string): string | undefined {
  const found = child(el, name);
  const value = found === undefined ? '' : textOf(found);
  return value === '' ? undefined : value;
}

/** Codes, dates and identifiers: whitespace around them is not part of the value. */
export function tok(el: Element, name: string): string {
  return str(el, name).trim();
}

export function optTok(el: Element, name: string): string | undefined {
  const value = optStr(el, name)?.trim();
  return value === '' ? undefined : value;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function toDecimal(raw: string, name: string): Decimal {
  const value = raw.trim();
  if (!DECIMAL.test(value)) throw new XmlReadError(`<${name}> is not a decimal number: "${raw}"`);
  return new Dec(value);
}

export function dec(el: Element, name: string): Decimal {
  return toDecimal(str(el, name), name);
}

export function optDec(el: Element, name: string): Decimal | undefined {
  const raw = optTok(el, name);
  return raw === undefined ? undefined : toDecimal(raw, name);
}

export function optInt(el: Element, name: string): number | undefined {
  const raw = optTok(el, name);
  if (raw === undefined) return undefined;
  if (!/^\+?\d{1,15}$/.test(raw)) throw new XmlReadError(`<${name}> is not a whole number: "${raw}"`);
  return Number(raw);
}

/** Removes keys whose value is undefined, so read models have the same keys as built ones. */
export function compact<T extends object>(value: T): T {
  for (const key of Object.keys(value) as (keyof T)[]) {
    if (value[key] === undefined) delete value[key];
  }
  return value;
}
