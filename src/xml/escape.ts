/**
 * Escaping exactly as Canonical XML (C14N 1.0 / exc-c14n) serialises text and attribute values, so
 * the writer's output is already canonical and the signer can digest it without re-serialising.
 */
import { XmlWriteError } from './errors.ts';

/**
 * Characters XML 1.0 does not allow (`Char` production): C0 controls other than tab/LF/CR, lone
 * surrogates (the `u` flag makes them single code points) and U+FFFE/U+FFFF.
 */
const INVALID_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

// One test on the fast path: most values need no escaping and contain only valid characters.
const TEXT_SPECIAL = /[&<>\r]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const ATTR_SPECIAL = /[&<"\t\n\r]|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};

function assertXmlChars(value: string, element: string): void {
  const match = INVALID_CHAR.exec(value);
  if (match) {
    const code = match[0].codePointAt(0) ?? 0;
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    throw new XmlWriteError(element, `character U+${hex} at position ${match.index} is not allowed in XML 1.0`);
  }
}

/** Text content as C14N writes it: `&`, `<`, `>` and CR escaped; everything else literal. */
export function escapeText(value: string, element: string): string {
  if (!TEXT_SPECIAL.test(value)) return value;
  assertXmlChars(value, element);
  return value.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] ?? c);
}

/** Attribute value as C14N writes it: `&`, `<`, `"`, tab, LF and CR escaped. */
export function escapeAttribute(value: string, element: string): string {
  if (!ATTR_SPECIAL.test(value)) return value;
  assertXmlChars(value, element);
  return value.replace(/[&<"\t\n\r]/g, (c) => ATTR_ESCAPES[c] ?? c);
}
