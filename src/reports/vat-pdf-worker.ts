/** The worker side of vat-pdf-renderer.ts: one worksheet in, its PDF's bytes out (or `{ failed }`). */
import { parentPort } from 'node:worker_threads';
import { renderVatPdf, type VatPdfRequest } from './vat-pdf.ts';

parentPort?.once('message', (request: VatPdfRequest) => {
  renderVatPdf(request).then(
    (pdf) => parentPort!.postMessage({ pdf }),
    (error: unknown) => parentPort!.postMessage({ failed: error instanceof Error ? error.message : String(error) }),
  );
});
