/**
 * Renders the worksheet's PDF in a worker thread of its own (vat-pdf-worker.ts, threads/one-shot-worker.ts):
 * laying out a PDF holds a thread for a while, and a worksheet is asked for a few times a month, so a worker
 * per PDF costs nothing that matters and the event loop the counter issues on stays free. react-pdf is loaded
 * in this thread only when no worker can run (as pdf/document-pdf.ts does).
 */
import { runOneShot } from '../threads/one-shot-worker.ts';
import type { VatPdfRequest } from './vat-pdf.ts';

const JOB = {
  entry: 'vat-pdf' as const,
  inThisThread: async (request: VatPdfRequest) => (await import('./vat-pdf.ts')).renderVatPdf(request),
  timeoutMs: 60_000,
  tooLong: 'The VAT worksheet PDF took too long to lay out.',
};

export const renderVatPdfOffThread = (request: VatPdfRequest): Promise<Buffer> => runOneShot(JOB, request);
