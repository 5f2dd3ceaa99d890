/**
 * POST /shifts/{id}/report/print: the shift's report (X or the kept Z, with its access rule) on the printer
 * named, or the till's. The printing itself is handed in (`print`, the core's PrintService), as voiding is
 * handed the issuing of its note: tills/ and printing/ are sibling services and do not import each other.
 */
import type { ShiftReport } from '../domain/shift-report.ts';
import { printerForTill, type PrinterRow } from '../store/printers.ts';
import type { ShiftScope } from '../store/shifts.ts';
import type { ShiftActor } from './shift-access.ts';
import { shiftReport } from './shift-report.ts';
import type { ShiftDeps } from './shifts.ts';

export type PrintReport<T> = (printer: PrinterRow, report: ShiftReport) => Promise<T>;

export async function reportToPrinter<T>(
  deps: ShiftDeps, scope: ShiftScope, actor: ShiftActor, id: number, printerId: number | undefined, print: PrintReport<T>,
): Promise<{ printer: PrinterRow; outcome: T }> {
  const report = shiftReport(deps, scope, actor, id);
  const printer = printerForTill(deps.store.db, scope.organizationId, report.shifts[0]!, printerId);
  return { printer, outcome: await print(printer, report) };
}
