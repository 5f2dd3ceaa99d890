/** Shared helpers of the XML tests: Decimal equality by value, exc-c14n of a document. */
import { DOMParser } from '@xmldom/xmldom';
import { Decimal } from 'decimal.js';
import { ExclusiveCanonicalization } from 'xml-crypto';
import { expect } from 'vitest';
import { normalizeXml10LineEndings } from '../../../src/domain/xml-line-endings.ts';

/** Lets toEqual compare decimal.js values by value (1.50 equals 1.5), whatever their constructor. */
export function compareDecimalsByValue(): void {
  expect.addEqualityTesters([
    (a: unknown, b: unknown) => (Decimal.isDecimal(a) && Decimal.isDecimal(b) ? a.eq(b) : undefined),
  ]);
}

/** What xml-crypto's exclusive canonicalisation makes of the document element of `xml`. */
export function excC14n(xml: string): string {
  const doc = new DOMParser({
    normalizeLineEndings: normalizeXml10LineEndings,
    // Warnings (e.g. "replacement character detected" for a legitimate U+FFFD) are not errors.
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml, 'text/xml');
  const result = new ExclusiveCanonicalization().process(doc.documentElement as never, {});
  return String(result);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';
