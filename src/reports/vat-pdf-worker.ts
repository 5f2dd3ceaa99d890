/** The worker side of vat-pdf-renderer.ts: one worksheet in, its PDF's bytes out. */
import { serveOneShot } from '../threads/one-shot-worker.ts';
import { renderVatPdf } from './vat-pdf.ts';

serveOneShot(renderVatPdf);
