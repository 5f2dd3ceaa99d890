/**
 * A shift's X/Z report, or the day's Z, on a till's printer (POST /shifts/{id}/report/print): laid out in the
 * printing worker with the printer's paper and code page (shift-report-escpos.ts) and sent after the jobs
 * already queued for that printer. Never throws: a printer off or out of paper is an outcome.
 */
import type { ShiftReport } from '../domain/shift-report.ts';
import type { Language } from '../i18n/validation-messages.ts';
import type { PrinterRow } from '../store/printers.ts';
import { failedOutcome, type SendOutcome } from './os-printer.ts';
import type { PrintDeps } from './print-document.ts';
import { setupOf } from './printer-fields.ts';

export interface ShiftReportOrder {
  printer: PrinterRow;
  report: ShiftReport;
  /** The shop's name, at the head of the paper. */
  organization: string;
  lang: Language;
}

export async function printShiftReport(deps: Pick<PrintDeps, 'render' | 'send'>, order: ShiftReportOrder): Promise<SendOutcome> {
  try {
    const { paper, codepage, colon } = setupOf(order.printer);
    const rendered = await deps.render({ kind: 'shift-report', report: order.report, organization: order.organization, paper, codepage, colon, lang: order.lang });
    if (!rendered.ok) return { printed: false, reason: 'failed', detail: 'the report could not be laid out' };
    return await deps.send(order.printer, rendered.bytes);
  } catch (error) {
    return failedOutcome(error);
  }
}
