/**
 * Text as a thermal printer's code page can print it. Receipt printers print one byte per character from a
 * DOS code page (CP850 here, docs/printing.md): Spanish letters (á, ñ, ü, ¿, ¡) are in it, the colón sign ₡
 * and typographic dashes and quotes are not. The encoder prints "?" for what a page lacks; these are
 * replaced first by what a shopkeeper reads the same way.
 */

export type ColonSign = 'cent' | 'code';

/** Characters CP850 lacks, and what prints instead. */
const FALLBACKS: Readonly<Record<string, string>> = {
  '—': '-',
  '–': '-',
  '‒': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '•': '*',
  '\u00a0': ' ',
  '\u202f': ' ',
};

const PATTERN = new RegExp(`[${Object.keys(FALLBACKS).join('')}₡€]`, 'g');

/**
 * `colon`: "cent" prints ₡ as ¢, the sign Costa Rican receipts used before ₡ reached the printers; "code"
 * as `CRC ` (₡1,000.00 -> CRC 1,000.00). `euro`: whether the page has € (CP858 does, CP850 prints `EUR `).
 */
export function printable(text: string, colon: ColonSign, euro: boolean): string {
  return text.replace(PATTERN, (ch) => {
    if (ch === '₡') return colon === 'cent' ? '¢' : 'CRC ';
    if (ch === '€') return euro ? '€' : 'EUR ';
    return FALLBACKS[ch]!;
  });
}
