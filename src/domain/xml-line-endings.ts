/**
 * XML 1.0 end-of-line handling (XML 1.0 §2.11) for every parser of the project. xmldom's default also turns
 * U+0085, U+2028 and U+2029 into LF — an XML 1.1 rule — which would alter the text of a v4.4 (XML 1.0)
 * document: a description holding U+2028 would then digest differently from the bytes that were signed.
 */
export function normalizeXml10LineEndings(source: string): string {
  return source.replace(/\r\n?/g, '\n');
}
