/** The worker side of shift-report-pdf-renderer.ts: one report in, its PDF's bytes out. */
import { serveOneShot } from '../threads/one-shot-worker.ts';
import { renderShiftReportPdf } from './shift-report-pdf.ts';

serveOneShot(renderShiftReportPdf);
