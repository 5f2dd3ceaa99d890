/**
 * A receipt as ESC/POS bytes for a thermal printer, laid out from the PDF receipt's view of the document
 * (src/pdf/view-model.ts: the same texts, the same words, read from the signed XML) in 48 columns on 80 mm
 * paper or 32 on 58 mm. Pure and synchronous: it runs in the printing worker (escpos-worker.ts).
 */
import type { LineView } from '../pdf/line-view.ts';
import type { Row } from '../pdf/summary-view.ts';
import { unitWords } from '../pdf/unit-words.ts';
import type { PdfView } from '../pdf/view-model.ts';
import { EscposWriter, type CodePage } from './escpos-writer.ts';
import type { Paper } from './paper.ts';
import type { ColonSign } from './printable-text.ts';
import { printWords } from './receipt-words.ts';

export interface ReceiptOptions {
  paper: Paper;
  codepage: CodePage;
  colon: ColonSign;
  /** A reprint: "COPIA" at the head, large. */
  copy: boolean;
  /** The QR code of the clave; a setting, since the tax authority suspended it on printed documents. */
  qr: boolean;
  /** Kick the cash drawer (the caller decides: a cash payment on a printer with a drawer). */
  drawer: boolean;
  /** Who sold, when the counter knows (issue 15's cashiers). */
  cashier?: string | undefined;
  /** The logo's raster command (logo-raster.ts); none prints no image. */
  logo?: Uint8Array | undefined;
}

/** The 50 digits of a clave in two halves of 25: they fit 32 columns, and read back as they were typed. */
function claveLines(clave: string): string[] {
  const half = Math.ceil(clave.length / 2);
  return clave.length <= 25 ? [clave] : [clave.slice(0, half), clave.slice(half)];
}

function lines(w: EscposWriter, items: readonly LineView[], view: PdfView): void {
  for (const item of items) {
    w.line(item.description);
    const unit = unitWords(item.unit, view.lang);
    w.row(`  ${item.quantity} ${unit} × ${item.unitPrice}${item.tax ? ` (${item.tax})` : ''}`, item.subtotal);
    if (item.discount) w.row(`  ${view.labels.columns.discount}`, `-${item.discount}`);
  }
}

function rows(w: EscposWriter, list: readonly Row[], style: { bold?: boolean } = {}): void {
  for (const [label, value] of list) w.row(label, value, style);
}

function titled(w: EscposWriter, title: string, list: readonly string[]): void {
  if (list.length === 0) return;
  w.bold(title);
  for (const text of list) w.line(text);
}

function testBanner(w: EscposWriter, view: PdfView): void {
  if (!view.test) return;
  w.banner(view.labels.testEnvironment, false);
  w.line(view.labels.testDetail, 'center');
}

/** `cash`: the cash received and the change (src/pdf/cash-rows.ts), under the payment methods. */
export function receiptEscpos(view: PdfView, options: ReceiptOptions, cash: readonly Row[] = []): Uint8Array {
  const w = new EscposWriter(options);
  const l = view.labels;
  const words = printWords(view.lang);
  // The drawer first: it opens while the receipt prints, and a printer that jams later has still opened it.
  if (options.drawer) w.drawer();
  if (options.copy) w.banner(words.copy);
  if (options.logo) w.raw(options.logo);
  w.heading(view.issuer.name, false);
  for (const detail of view.issuer.details) w.line(detail, 'center');
  w.rule();
  w.bold(view.title, 'center');
  testBanner(w, view);
  w.row(l.consecutive, view.consecutive);
  w.row(l.issuedAt, view.issuedAt);
  if (options.cashier) w.row(words.cashier, options.cashier);
  w.bold(l.clave);
  for (const part of claveLines(view.clave)) w.line(part, 'center');
  if (view.receiver) {
    w.bold(`${l.receiver}: ${view.receiver.name}`);
    for (const detail of view.receiver.details) w.line(detail);
  }
  w.rule();
  rows(w, view.facts);
  w.rule();
  lines(w, view.lines, view);
  w.rule();
  rows(w, view.otherCharges);
  rows(w, view.totals);
  w.row(view.total[0], view.total[1], { bold: true, tall: true });
  w.rule();
  w.bold(l.payments);
  rows(w, view.payments);
  rows(w, cash, { bold: true });
  titled(w, l.references, view.references);
  titled(w, l.notes, view.notes);
  w.bold(l.verdict);
  w.line(view.verdict.status);
  if (view.verdict.message) w.line(view.verdict.message);
  if (options.qr) w.blank().qr(view.clave);
  if (view.footer) w.blank().line(view.footer, 'center');
  // Again at the foot, as on the PDF receipt: a receipt torn or folded still says it is a test.
  testBanner(w, view);
  w.line(l.legend, 'center');
  if (options.copy) w.banner(words.copy, false);
  return w.cut().encode();
}
