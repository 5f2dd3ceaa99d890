/**
 * Lays out a shift report's PDF in a worker thread of its own (shift-report-pdf-worker.ts,
 * threads/one-shot-worker.ts), as the VAT worksheet's is: a PDF holds a thread for tens of milliseconds, and
 * the till that asks for its Z may be issuing on the same server. A report is asked for once or twice a
 * shift, so a worker per PDF costs nothing that matters.
 */
import { runOneShot } from '../threads/one-shot-worker.ts';
import type { ShiftPdfRequest } from './shift-report-pdf.ts';

const JOB = {
  entry: 'shift-pdf' as const,
  inThisThread: async (request: ShiftPdfRequest) => (await import('./shift-report-pdf.ts')).renderShiftReportPdf(request),
  timeoutMs: 60_000,
  tooLong: 'The shift report PDF took too long to lay out.',
};

export const renderShiftReportPdfOffThread = (request: ShiftPdfRequest): Promise<Buffer> => runOneShot(JOB, request);
