/**
 * Renders print jobs in the printing worker (escpos-worker.ts), one RequestWorker for the core: reading the
 * signed XML, decoding the logo and encoding ESC/POS take milliseconds the counter's issuing must not wait
 * behind (issue 15: PDF and ESC/POS rendering run off the event loop). Where no worker can start, the same
 * function answers in this thread.
 */
import { RequestWorker } from '../threads/request-worker.ts';
import { renderPrintJob, type PrintJob, type RenderedJob } from './print-job.ts';

/** A logo of up to 4 megapixels decoded and scaled, with room to spare; a decoder that wants more is stopped. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 32 };

export class EscposRenderer {
  private readonly worker = new RequestWorker<PrintJob, RenderedJob>('escpos', {
    fallback: renderPrintJob,
    resourceLimits: RESOURCE_LIMITS,
  });

  /** Loads the worker ahead of the first receipt (it takes about a second on a counter PC). */
  warm(): void {
    this.worker.warm();
  }

  render(job: PrintJob): Promise<RenderedJob> {
    return this.worker.run(job);
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
