/**
 * What the printing worker does with one request: a stored document's receipt, or a test page, as ESC/POS
 * bytes. The receipt is read from the stored signed XML with the engine's reader and laid out from the PDF
 * receipt's view (src/pdf/view-model.ts), so the paper says what was signed. The same function runs in this
 * thread when no worker can start (src/threads/request-worker.ts).
 */
import type { DocumentModel } from '../domain/document-model.ts';
import type { Language } from '../i18n/validation-messages.ts';
import { cashRows } from '../pdf/cash-rows.ts';
import type { StoredDocument } from '../pdf/render-document-pdf.ts';
import { buildPdfView, type PdfBranding } from '../pdf/view-model.ts';
import { readDocument } from '../xml/read-document.ts';
import type { CodePage } from './escpos-writer.ts';
import { logoCommand } from './logo-raster.ts';
import { PAPERS, type Paper } from './paper.ts';
import type { ColonSign } from './printable-text.ts';
import { receiptEscpos } from './receipt-escpos.ts';
import { testPageEscpos, type TestPageOptions } from './test-page.ts';
import { shiftReportEscpos, type ShiftReportPrint } from './shift-report-escpos.ts';

/** The printer's settings a receipt depends on (issue 15's printers, per till). */
export interface PrinterSetup {
  paper: Paper;
  codepage: CodePage;
  colon: ColonSign;
  /** Print the clave's QR code (off while the tax authority keeps it suspended on paper). */
  qr: boolean;
  /** A cash drawer hangs on this printer and may open with this job (print-document.ts decides: its own till's sale). */
  drawer: boolean;
  logo: boolean;
}

export interface ReceiptRequest {
  kind: 'receipt';
  document: StoredDocument;
  branding: PdfBranding | undefined;
  setup: PrinterSetup;
  lang: Language;
  /** A reprint: printed with "COPIA". */
  copy: boolean;
  cashier?: string | undefined;
  /** Cash the customer handed over (decimal text, the document's currency), as for the PDF receipt. */
  cashReceived?: string | undefined;
}

export type PrintJob = ReceiptRequest | ({ kind: 'test-page' } & TestPageOptions) | ({ kind: 'shift-report' } & ShiftReportPrint);

/**
 * `drawer`: the bytes carry the drawer pulse (a receipt decides it here, from the signed payments);
 * `not_printable`: a receiver message; `failed`: what was stored could not be read (never expected).
 */
export type RenderedJob = { ok: true; bytes: Uint8Array; drawer?: boolean } | { ok: false; reason: 'not_printable' | 'failed' };

/** Payment method 01 (Efectivo) of Nota 6. */
const CASH = '01';

/**
 * The drawer opens for money in the drawer: a payment the signed document says is cash (MedioPago 01, the
 * same as `documents.payments`). Cash typed at the counter (`cash_received`) is not enough: any caller may
 * send it, and on a card sale it would open the drawer for nothing (docs/printing.md, the receipt).
 */
export function paidInCash(model: DocumentModel): boolean {
  return model.summary.payments.some((p) => p.method === CASH);
}

function receipt(request: ReceiptRequest): RenderedJob {
  const read = readDocument(request.document.signedXml);
  // Receiver messages answer someone else's document: they have no printed representation.
  if (read.kind !== 'document') return { ok: false, reason: 'not_printable' };
  const { model } = read;
  const { document, setup } = request;
  const view = buildPdfView({ model, status: document.status, haciendaMessage: document.haciendaMessage, environment: document.environment, branding: request.branding }, request.lang);
  const cash = cashRows(request.cashReceived, model.summary.total, model.summary.currency, request.lang);
  const logo = setup.logo && view.logo ? logoCommand(view.logo, PAPERS[setup.paper].dots) : undefined;
  // A reprint never opens the drawer: no money changes hands.
  const drawer = setup.drawer && !request.copy && paidInCash(model);
  const bytes = receiptEscpos(view, {
    paper: setup.paper,
    codepage: setup.codepage,
    colon: setup.colon,
    qr: setup.qr,
    copy: request.copy,
    drawer,
    cashier: request.cashier,
    logo,
  }, cash);
  return { ok: true, bytes, drawer };
}

/** Never throws: a throw in the worker would be rethrown by the in-thread fallback outside any promise. */
export function renderPrintJob(job: PrintJob): RenderedJob {
  try {
    if (job.kind === 'shift-report') return { ok: true, bytes: shiftReportEscpos(job) };
    return job.kind === 'test-page' ? { ok: true, bytes: testPageEscpos(job) } : receipt(job);
  } catch {
    return { ok: false, reason: 'failed' };
  }
}
