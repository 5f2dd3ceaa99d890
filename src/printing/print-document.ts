/**
 * Prints one stored document on one printer: rendered in the printing worker (print-job.ts, off the event
 * loop), sent to the printer (one job at a time per printer), and the outcome recorded in document_prints
 * for the screens' "no impreso — reintentar". Never throws: a printer that is off, out of paper or
 * unreachable, and even a store that is closing, are outcomes, and the sale stays issued.
 */
import type { Clock } from '../domain/clock.ts';
import type { Language } from '../i18n/validation-messages.ts';
import { getBranding } from '../store/brandings.ts';
import type { Store } from '../store/database.ts';
import { clearDrawerOpened, markPrinting, recordDrawerOpened, recordNotPrinted, recordPrinted } from '../store/document-prints.ts';
import type { DocumentRow } from '../store/documents.ts';
import type { PrinterRow } from '../store/printers.ts';
import { failedOutcome, type SendOutcome } from './os-printer.ts';
import { mayOpenDrawer } from './drawer-rule.ts';
import type { PrintJob, RenderedJob } from './print-job.ts';
import { setupOf } from './printer-fields.ts';

export interface PrintDeps {
  store: Pick<Store, 'db' | 'relaxedTransaction'>;
  clock: Clock;
  /** Renders in the printing worker (escpos-renderer.ts). */
  render(job: PrintJob): Promise<RenderedJob>;
  /** Sends to the printer, after the jobs already handed to it (send-job.ts through printer-queues.ts). */
  send(printer: PrinterRow, bytes: Uint8Array): Promise<SendOutcome>;
}

export interface DocumentPrint {
  document: DocumentRow;
  printer: PrinterRow;
  /** A reprint: "COPIA", and the drawer stays shut (the route forces it once the document has been printed; drawer-rule.ts). */
  copy: boolean;
  /** Who sold, for the receipt's cashier line. */
  cashier?: string | undefined;
  /** Cash handed over (decimal text, the document's currency): printed with the change. */
  cashReceived?: string | undefined;
  lang: Language;
}

/** Bookkeeping that must not turn a print into an error (the store may be closing under a late job). */
function record(deps: PrintDeps, write: () => void): void {
  try {
    deps.store.relaxedTransaction(write);
  } catch {
    // The outcome is still answered to the caller; a `printing` left behind is failed at the next start.
  }
}

/** Outcomes of a job that never reached the printer: its drawer pulse opened nothing. */
const NOT_SENT: ReadonlySet<string> = new Set(['refused', 'unreachable', 'paper_out', 'offline']);

async function render(deps: PrintDeps, request: DocumentPrint): Promise<RenderedJob> {
  const { document } = request;
  return deps.render({
    kind: 'receipt',
    document: { documentType: document.documentType, signedXml: document.signedXml, status: document.status, haciendaMessage: document.haciendaMessage, environment: document.environment },
    branding: getBranding(deps.store.db, document.organizationId),
    setup: { ...setupOf(request.printer), drawer: mayOpenDrawer(deps.store.db, request, deps.clock.now()) },
    lang: request.lang,
    copy: request.copy,
    cashier: request.cashier,
    cashReceived: request.cashReceived,
  });
}

export async function printDocument(deps: PrintDeps, request: DocumentPrint): Promise<SendOutcome> {
  const documentId = request.document.id;
  const printerId = request.printer.id;
  record(deps, () => markPrinting(deps.store.db, documentId, printerId, deps.clock.now()));
  let outcome: SendOutcome;
  try {
    const rendered = await render(deps, request);
    if (rendered.ok) {
      // The pulse is the job's first command: once sent, the drawer counts as opened however the job ends.
      if (rendered.drawer) record(deps, () => recordDrawerOpened(deps.store.db, documentId, deps.clock.now()));
      outcome = await deps.send(request.printer, rendered.bytes);
      if (rendered.drawer && !outcome.printed && NOT_SENT.has(outcome.reason)) record(deps, () => clearDrawerOpened(deps.store.db, documentId));
    } else {
      outcome = { printed: false, reason: 'failed', detail: rendered.reason === 'not_printable' ? 'a receiver message has no printed representation' : 'the stored document could not be read' };
    }
  } catch (error) {
    outcome = failedOutcome(error);
  }
  const at = deps.clock.now();
  record(deps, () => outcome.printed
    ? recordPrinted(deps.store.db, documentId, printerId, at)
    : recordNotPrinted(deps.store.db, documentId, printerId, outcome.reason, outcome.detail, at));
  return outcome;
}
