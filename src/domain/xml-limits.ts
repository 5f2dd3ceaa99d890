/**
 * Limits for XML that someone else wrote (imports, supplier documents, the tax authority's answers),
 * checked by a cheap streaming pre-scan before a DOM is built: xmldom spends seconds and hundreds of
 * megabytes on a file of a million elements, and recurses on deep nesting, while this scan reads the bytes
 * once, keeps two counters and gives up at the first limit crossed.
 *
 * The limits are far above real documents: a v4.4 comprobante of 1,000 lines (the schema's maximum) is
 * under 2 MB and about 40,000 elements; its deepest path, inside the XAdES signature, is about 12 levels.
 */

export interface XmlLimits {
  /** Bytes of the whole document (UTF-8). */
  maxBytes: number;
  /** Elements in all. */
  maxElements: number;
  /** Nesting depth of elements. */
  maxDepth: number;
}

export const UNTRUSTED_XML_LIMITS: XmlLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxElements: 60_000,
  maxDepth: 48,
};

const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** Where `marker` ends, searching from `from`; the end of the input when it is missing (the parser reports that). */
function skipPast(text: string, marker: string, from: number): number {
  const at = text.indexOf(marker, from);
  return at === -1 ? text.length : at + marker.length;
}

/** Index just past the `>` closing a start tag opened at `from`, quotes respected; and whether it was empty (`/>`). */
function endOfTag(text: string, from: number): { end: number; empty: boolean } {
  let quote = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOSTROPHE) {
      quote = c;
    } else if (c === GT) {
      return { end: i + 1, empty: text.charCodeAt(i - 1) === SLASH };
    }
  }
  return { end: text.length, empty: false };
}

/**
 * Why the XML exceeds the limits, in the shopkeeper's words; undefined when it is within them. Says nothing
 * about well-formedness: that is the parser's job, once the document is known to be of a reasonable shape.
 */
export function xmlLimitProblem(xml: string | Uint8Array, limits: XmlLimits = UNTRUSTED_XML_LIMITS): string | undefined {
  const size = typeof xml === 'string' ? Buffer.byteLength(xml, 'utf8') : xml.byteLength;
  if (size > limits.maxBytes) {
    return `the XML is ${Math.ceil(size / 1024)} KB; documents of more than ${Math.round(limits.maxBytes / 1024)} KB are not read`;
  }
  const text = typeof xml === 'string' ? xml : Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength).toString('utf8');
  let elements = 0;
  let depth = 0;
  let i = text.indexOf('<');
  while (i !== -1 && i < text.length) {
    const next = text.charCodeAt(i + 1);
    if (next === BANG) {
      i = text.startsWith('<!--', i) ? skipPast(text, '-->', i + 4)
        : text.startsWith('<![CDATA[', i) ? skipPast(text, ']]>', i + 9)
          : skipPast(text, '>', i + 2);
    } else if (next === QUESTION) {
      i = skipPast(text, '?>', i + 2);
    } else if (next === SLASH) {
      depth--;
      i = skipPast(text, '>', i + 2);
    } else {
      const tag = endOfTag(text, i + 1);
      if (++elements > limits.maxElements) return `the XML has more than ${limits.maxElements} elements, far more than any real document`;
      if (!tag.empty && ++depth > limits.maxDepth) return `the XML nests elements more than ${limits.maxDepth} levels deep, far more than any real document`;
      i = tag.end;
    }
    i = text.indexOf('<', i);
  }
  return undefined;
}
