/**
 * A document's PDF as the PDF worker answers it (document-pdf.ts): the bytes, or why it failed, since an
 * error does not cross to the main thread. The same function answers in the worker and, without one, here.
 */
import type { PdfBranding } from './view-model.ts';
import type { PdfOptions, StoredDocument } from './render-document-pdf.ts';

export interface PdfRequest {
  doc: StoredDocument;
  branding: PdfBranding | undefined;
  options: PdfOptions;
}

export type PdfAnswer = { pdf: Uint8Array } | { failed: string };

export async function answerPdf(request: PdfRequest): Promise<PdfAnswer> {
  try {
    const { renderDocumentPdf } = await import('./render-document-pdf.ts');
    return { pdf: await renderDocumentPdf(request.doc, request.branding, request.options) };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}
