/**
 * The core's printing (docs/printing.md, "Printers"): one EscposRenderer (the printing worker), one queue
 * per printer, the desktop shell's OS printers when there are any. The API reaches printing only through
 * this object: the automatic receipt after issuing, a print or reprint on request, a printer's test page, a
 * shift's report.
 * `close()` lets the jobs in flight finish for a moment, then closes the worker.
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import type { PrinterRow } from '../store/printers.ts';
import type { Language } from '../i18n/validation-messages.ts';
import type { EscposRenderer } from './escpos-renderer.ts';
import type { OsPrinter, SendOutcome } from './os-printer.ts';
import { receiptAfterIssue, type IssuedForPrint } from './print-after-issue.ts';
import { printDocument, type DocumentPrint, type PrintDeps } from './print-document.ts';
import { printTestPage } from './printers.ts';
import { printShiftReport, type ShiftReportOrder } from './print-shift-report.ts';
import { PrinterQueues } from './printer-queues.ts';
import { sendJob } from './send-job.ts';

export interface PrintServiceDeps {
  store: Pick<Store, 'db' | 'relaxedTransaction'>;
  clock: Clock;
  renderer: Pick<EscposRenderer, 'render' | 'close' | 'warm'>;
  osPrinter?: OsPrinter | undefined;
  /** A print that failed after issuing is logged (the document shows it too). */
  warn?: (message: string) => void;
}

/** How long close() waits for jobs in flight before closing the worker. */
const CLOSE_WAIT_MS = 3000;

export class PrintService {
  private readonly queues = new PrinterQueues();
  private readonly deps: PrintDeps;
  private closed = false;
  /** Automatic prints handed over and not finished (bench and tests wait on them). */
  private readonly pending = new Set<Promise<unknown>>();
  /**
   * The documents being printed right now, original or copy. A second print of one of them is refused
   * (`print` answers undefined): it would print twice, and an original twice opens the drawer twice. The
   * jobs live in this process, so this set is exact where a `printing` row may be one a crash left behind.
   */
  private readonly inFlight = new Set<number>();

  constructor(private readonly options: PrintServiceDeps) {
    this.deps = {
      store: options.store,
      clock: options.clock,
      render: (job) => options.renderer.render(job),
      send: (printer, bytes) => this.queues.run(printer.id, () => sendJob(printer, bytes, options.osPrinter)),
    };
  }

  /** Starts the printing worker now: a shop with printers should not wait for it on its first receipt. */
  warm(): void {
    if (!this.closed) this.options.renderer.warm();
  }

  /** Whether printers with `connection: "os"` can print here (the desktop shell gave its OS printers). */
  get osAvailable(): boolean {
    return this.options.osPrinter !== undefined;
  }

  /**
   * Prints an issued document on its till's printer, if that printer prints on issue. Call it once the
   * issuing answer is sent: the work starts on the next turn of the event loop, renders in the worker, and
   * nothing is awaited by the caller.
   */
  afterIssue(issued: IssuedForPrint): void {
    if (this.closed) return;
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        const receipt = receiptAfterIssue(this.deps.store, issued);
        // A print on request already under way prints it (and says how it went): this one stands aside.
        return receipt && this.print(receipt);
      })
      .then((outcome) => {
        if (outcome && !outcome.printed) this.options.warn?.(`receipt of document ${issued.documentId} not printed: ${outcome.reason} (${outcome.detail})`);
      })
      .catch((error: unknown) => this.options.warn?.(`receipt of document ${issued.documentId} not printed: ${String(error)}`));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /**
   * Prints or reprints a document (POST /documents/{key}/print, and the automatic receipt). Never throws;
   * undefined, at once, while the document is being printed. The claim is taken before anything is awaited.
   */
  print(request: DocumentPrint): Promise<SendOutcome> | undefined {
    const id = request.document.id;
    if (this.inFlight.has(id)) return undefined;
    this.inFlight.add(id);
    return printDocument(this.deps, request).finally(() => this.inFlight.delete(id));
  }

  /** The printer's test page (POST /printers/{id}/test). Never throws. */
  async test(printer: PrinterRow, lang: Language): Promise<SendOutcome> {
    try {
      return await printTestPage(this.deps, printer, lang);
    } catch (error) {
      return { printed: false, reason: 'failed', detail: String(error) };
    }
  }

  /** A shift's X/Z report or the day's Z (POST /shifts/{id}/report/print). Never throws. */
  shiftReport(order: ShiftReportOrder): Promise<SendOutcome> {
    return printShiftReport(this.deps, order);
  }

  /** Resolves when every automatic print handed over so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
    await this.queues.idle();
  }

  async close(): Promise<void> {
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    await this.options.renderer.close();
  }
}
