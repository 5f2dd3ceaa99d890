/**
 * Whether a print of a document may open its till's cash drawer (docs/printing.md, "the drawer"). The worker
 * then opens it only for a cash payment (print-job.ts `paidInCash`); this decides everything else:
 * - an original, never a copy, on a printer with a drawer that stands on the document's own till (a sale's
 *   cash goes into its own till's drawer: naming another till's printer prints there and opens nothing);
 * - no job of this document has carried the pulse before (`document_prints.drawer_opened_at`): the pulse is
 *   the job's first command, so a printer that stopped mid-job (timeout, failed) has opened the drawer
 *   although the receipt never came out, and its retry must not open it again;
 * - the sale is at the counter now: issued within the last DRAWER_WINDOW_MS, or its shift still open. An old
 *   cash document that was never printed must not be a way to open the drawer without a sale.
 */
import { tillOfConsecutive } from '../domain/consecutive.ts';
import type { Db } from '../store/db.ts';
import { documentPrint } from '../store/document-prints.ts';
import type { DocumentRow } from '../store/documents.ts';
import type { PrinterRow } from '../store/printers.ts';
import { getShift } from '../store/shifts.ts';

/** How long after issuing a sale without an open shift may still open the drawer (a retry at the counter). */
const DRAWER_WINDOW_MS = 10 * 60_000;

export interface DrawerQuestion {
  document: DocumentRow;
  printer: PrinterRow;
  copy: boolean;
}

function atTheCounter(db: Db, document: DocumentRow, now: Date): boolean {
  const issuedAgo = now.getTime() - Date.parse(document.createdAt);
  if (issuedAgo >= 0 && issuedAgo <= DRAWER_WINDOW_MS) return true;
  if (document.shiftId === null) return false;
  const shift = getShift(db, { organizationId: document.organizationId, environment: document.environment }, document.shiftId);
  return shift !== undefined && shift.closedAt === null;
}

export function mayOpenDrawer(db: Db, question: DrawerQuestion, now: Date): boolean {
  const { document, printer } = question;
  const till = tillOfConsecutive(document.consecutive);
  if (!printer.drawer || question.copy || printer.branch !== till.branch || printer.terminal !== till.terminal) return false;
  if (documentPrint(db, document.id)?.drawerOpenedAt) return false;
  return atTheCounter(db, document, now);
}
