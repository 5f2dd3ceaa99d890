/**
 * The door to the PDF renderer for the rest of the app. Laying out a document's PDF takes 30–100 ms of CPU;
 * on the event loop it would hold every counter's issuing behind it (issue 15), so it runs in the PDF worker
 * (document-pdf-worker.ts, worker-entries.json "document-pdf"), started with the first PDF and kept: the
 * counter's next receipt does not wait for react-pdf to load again. The worker does not keep the process
 * alive. Where no worker can start, or it dies, the PDF is laid out in this thread; react-pdf, React, yoga
 * and pdfkit are then loaded on the first PDF rather than at start-up.
 */
import { RequestWorker } from '../threads/request-worker.ts';
import type { PdfBranding } from './view-model.ts';
import type { PdfOptions, StoredDocument } from './render-document-pdf.ts';
import { answerPdf, type PdfAnswer, type PdfRequest } from './pdf-answer.ts';

export type { PdfOptions, StoredDocument };

/** A logo of up to 4 megapixels and a long invoice, with room to spare. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 };

let pdfWorker: RequestWorker<PdfRequest, PdfAnswer> | undefined;

function worker(): RequestWorker<PdfRequest, PdfAnswer> {
  pdfWorker ??= new RequestWorker<PdfRequest, PdfAnswer>('document-pdf', {
    fallback: answerPdf,
    resourceLimits: RESOURCE_LIMITS,
    holdsProcessOnlyWhileBusy: true,
  });
  return pdfWorker;
}

export async function renderDocumentPdf(doc: StoredDocument, branding: PdfBranding | undefined, options: PdfOptions): Promise<Buffer> {
  const answer = await worker().run({ doc, branding, options });
  if ('failed' in answer) throw new Error(answer.failed);
  return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
}
