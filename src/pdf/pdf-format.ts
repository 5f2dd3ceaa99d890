/**
 * The two layouts and which one a document gets when the request names none: tickets (04) are what a
 * point of sale hands over the counter, so they default to the 80 mm receipt; every other type is a
 * document a business files, so A4. (No organization setting exists for it: docs/pdf.md.)
 */
export const PDF_FORMATS = ['a4', 'receipt'] as const;
export type PdfFormat = (typeof PDF_FORMATS)[number];

export function defaultPdfFormat(documentType: string): PdfFormat {
  return documentType === '04' ? 'receipt' : 'a4';
}
