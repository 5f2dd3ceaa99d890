/**
 * The use cases of a till's printers (POST/PUT/DELETE /printers, POST /printers/{id}/test): the fields
 * checked (printer-fields.ts) and written in one transaction, and the test page rendered in the printing
 * worker and sent as a receipt would be.
 */
import type { Clock } from '../domain/clock.ts';
import { formatCostaRicaDateTime } from '../domain/costa-rica-time.ts';
import { notFound } from '../domain/errors.ts';
import type { Language } from '../i18n/validation-messages.ts';
import { dateTime } from '../pdf/text.ts';
import type { Store } from '../store/database.ts';
import { deletePrinter, getPrinter, insertPrinter, updatePrinter, type PrinterRow } from '../store/printers.ts';
import type { SendOutcome } from './os-printer.ts';
import type { PrintDeps } from './print-document.ts';
import { printerFields, setupOf, type PrinterInput } from './printer-fields.ts';

export interface PrinterWriteDeps {
  store: Pick<Store, 'transaction'>;
  clock: Clock;
  /** Whether the desktop shell's OS printers are here (printers with `connection: "os"`). */
  osAvailable: boolean;
}

export function createPrinter(deps: PrinterWriteDeps, organizationId: number, input: PrinterInput): PrinterRow {
  const fields = printerFields(input, deps.osAvailable);
  return deps.store.transaction((db) => insertPrinter(db, organizationId, fields, deps.clock.now()));
}

export function changePrinter(deps: PrinterWriteDeps, organizationId: number, id: number, input: PrinterInput): PrinterRow {
  return deps.store.transaction((db) => {
    const current = getPrinter(db, organizationId, id);
    if (!current) throw notFound('Printer');
    // An OS printer kept as it is stays editable on the headless server (its name, its till).
    const osAvailable = deps.osAvailable || (current.connection === 'os' && input.connection !== 'network' && input.os_name === undefined);
    return updatePrinter(db, organizationId, id, printerFields(input, osAvailable, current), deps.clock.now())!;
  });
}

export function removePrinter(deps: Pick<PrinterWriteDeps, 'store'>, organizationId: number, id: number): void {
  const removed = deps.store.transaction((db) => deletePrinter(db, organizationId, id));
  if (!removed) throw notFound('Printer');
}

/** The test page (test-page.ts) on the printer: its name, the time in Costa Rica, the letters, the cut. */
export async function printTestPage(deps: Pick<PrintDeps, 'render' | 'send' | 'clock'>, printer: PrinterRow, lang: Language): Promise<SendOutcome> {
  const setup = setupOf(printer);
  const rendered = await deps.render({
    kind: 'test-page',
    paper: setup.paper,
    codepage: setup.codepage,
    colon: setup.colon,
    qr: setup.qr,
    drawer: setup.drawer,
    lang,
    printerName: printer.name,
    printedAt: dateTime(formatCostaRicaDateTime(deps.clock.now())),
  });
  if (!rendered.ok) return { printed: false, reason: 'failed', detail: 'the test page could not be rendered' };
  return deps.send(printer, rendered.bytes);
}
