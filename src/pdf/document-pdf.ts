/**
 * The door to the PDF renderer for the rest of the app. react-pdf, React, yoga and pdfkit are most of the
 * bundle's code, and evaluating them builds a PDF document and a layout engine: they are loaded on the
 * first PDF rather than at start-up, which every `facturador` command (and the desktop window) waits for.
 */
import type { PdfBranding } from './view-model.ts';
import type { PdfOptions, StoredDocument } from './render-document-pdf.ts';

export type { PdfOptions, StoredDocument };

export async function renderDocumentPdf(doc: StoredDocument, branding: PdfBranding | undefined, options: PdfOptions): Promise<Buffer> {
  const renderer = await import('./render-document-pdf.ts');
  return renderer.renderDocumentPdf(doc, branding, options);
}
