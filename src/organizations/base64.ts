/**
 * Strict base64 for uploaded files. Node's decoder silently skips characters it does not know, which
 * would turn a pasted file name or a truncated paste into garbage bytes; this one refuses them.
 * Line breaks (MIME style) and a `data:<type>;base64,` prefix (what browsers' FileReader gives) are accepted.
 */
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;
const URL_SAFE = /[-_]/g;

/** The bytes, or undefined when the text is not base64 (or is empty). */
export function decodeBase64(text: string): Buffer | undefined {
  const compact = text.trim().replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  const standard = compact.replace(URL_SAFE, (c) => (c === '-' ? '+' : '/'));
  if (standard.length === 0 || !BASE64.test(standard)) return undefined;
  return Buffer.from(standard, 'base64');
}
