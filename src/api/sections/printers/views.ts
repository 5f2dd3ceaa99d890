/** A printer as the API shows it (schemas.ts Printer), and a print's outcome. */
import type { SendOutcome } from '../../../printing/os-printer.ts';
import { setupOf } from '../../../printing/printer-fields.ts';
import type { PrinterRow } from '../../../store/printers.ts';

export function printerView(row: PrinterRow) {
  const setup = setupOf(row);
  return {
    id: row.id,
    name: row.name,
    connection: row.connection,
    host: row.host,
    port: row.port,
    os_name: row.osName,
    branch: row.branch,
    terminal: row.terminal,
    drawer: row.drawer,
    paper: setup.paper,
    codepage: setup.codepage,
    colon: setup.colon === 'code' ? 'CRC' : '¢',
    qr: setup.qr,
    logo: setup.logo,
    print_on_issue: row.printOnIssue,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function outcomeView(outcome: SendOutcome) {
  return outcome.printed ? { printed: true } : { printed: false, reason: outcome.reason, detail: outcome.detail };
}
