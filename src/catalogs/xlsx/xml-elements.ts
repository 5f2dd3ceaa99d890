/**
 * Cuts a streamed XML document into the text of its repeated elements of one name (`<row>` of a
 * worksheet, `<si>` of the shared strings). A CABYS worksheet is tens of megabytes of XML: building one
 * DOM of it would hold it all in memory, give no progress until the end, and take seconds (xmldom needs
 * ~150 µs per row even cut out). Cells are so regular that patterns read them 50× faster; the small
 * parts with structure (workbook, relationships) still go through xmldom.
 * Limits: the element must not nest inside itself (true of `row` and `si`), and SpreadsheetML must use
 * the default namespace, as Excel and LibreOffice write it.
 */

export interface ScannedElement {
  /** The element's text, start tag to end tag. */
  text: string;
  /** Characters of the document consumed so far (for progress). */
  position: number;
}

/** Whether `text[at]` ends the element name (so `<row` does not match `<rowBreaks`). */
function endsName(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c === 0x20 || c === 0x3e || c === 0x2f || c === 0x09 || c === 0x0a || c === 0x0d;
}

export async function* xmlElements(chunks: AsyncIterable<string>, name: string): AsyncGenerator<ScannedElement> {
  const open = `<${name}`;
  const close = `</${name}>`;
  let buffer = '';
  let consumed = 0; // characters dropped from the front of the buffer
  for await (const chunk of chunks) {
    buffer += chunk;
    let start = 0;
    for (;;) {
      let at = buffer.indexOf(open, start);
      while (at >= 0 && at + open.length < buffer.length && !endsName(buffer, at + open.length)) at = buffer.indexOf(open, at + 1);
      if (at < 0 || at + open.length >= buffer.length) {
        // Keep a tail that might be the beginning of the next start tag.
        start = Math.max(start, buffer.length - open.length);
        break;
      }
      const tagEnd = buffer.indexOf('>', at);
      const selfClosing = tagEnd > 0 && buffer.charCodeAt(tagEnd - 1) === 0x2f;
      const end = tagEnd < 0 ? -1 : selfClosing ? tagEnd + 1 : buffer.indexOf(close, tagEnd);
      if (end < 0) {
        start = at;
        break;
      }
      const stop = selfClosing ? end : end + close.length;
      yield { text: buffer.slice(at, stop), position: consumed + stop };
      start = stop;
    }
    consumed += start;
    buffer = buffer.slice(start);
  }
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replaces the XML predefined entities and character references. */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

/**
 * The text of a shared string (`<si>`) or inline string (`<is>`): its `<t>`, or the `<t>` of each
 * rich-text run, without phonetic runs (`<rPh>`).
 */
export function stringItemText(xml: string): string {
  const withoutPhonetic = xml.includes('<rPh') ? xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : xml;
  let out = '';
  for (const match of withoutPhonetic.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) out += match[1];
  return decodeXmlText(out);
}
