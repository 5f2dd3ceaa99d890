/**
 * Renders the worksheet's PDF in a worker thread of its own (vat-pdf-worker.ts), as an uploaded logo is
 * re-encoded (pdf/reencode-image.ts): laying out a PDF holds a thread for a while, and a worksheet is asked for
 * a few times a month, so a worker per PDF costs nothing that matters and the event loop the counter issues on
 * stays free. Where no worker can start, or it dies, the PDF is made in this thread; react-pdf is loaded then,
 * not at start-up (as pdf/document-pdf.ts does).
 */
import { startWorker } from '../threads/worker-script.ts';
import type { VatPdfRequest } from './vat-pdf.ts';

const TIME_LIMIT_MS = 60_000;

async function inThisThread(request: VatPdfRequest): Promise<Buffer> {
  const { renderVatPdf } = await import('./vat-pdf.ts');
  return renderVatPdf(request);
}

export function renderVatPdfOffThread(request: VatPdfRequest): Promise<Buffer> {
  const worker = startWorker('vat-pdf');
  if (!worker) return inThisThread(request);
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new Error('The VAT worksheet PDF took too long to lay out.'))), TIME_LIMIT_MS);
    worker.once('message', (answer: { pdf: Uint8Array } | { failed: string }) => {
      if ('pdf' in answer) settle(() => resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength)));
      else settle(() => reject(new Error(answer.failed)));
    });
    // The worker could not run (or died): the same work here.
    const fallBack = () => settle(() => inThisThread(request).then(resolve, reject));
    worker.once('error', fallBack);
    worker.once('exit', fallBack);
    worker.postMessage(request);
  });
}
