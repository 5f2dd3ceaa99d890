/**
 * Hands a rendered job to the printer it is for: raw TCP for a network printer (network-printer.ts), the
 * desktop shell's OS queue for a system printer (os-printer.ts). Never rejects.
 */
import type { PrinterRow } from '../store/printers.ts';
import { sendToPrinter } from './network-printer.ts';
import { failedOutcome, type OsPrinter, type SendOutcome } from './os-printer.ts';

const OS_PRINTER_MISSING = 'system printers are reached through the desktop app, which is not running';

export async function sendJob(printer: PrinterRow, bytes: Uint8Array, osPrinter: OsPrinter | undefined): Promise<SendOutcome> {
  try {
    if (printer.connection === 'os') {
      if (!osPrinter) return { printed: false, reason: 'unreachable', detail: OS_PRINTER_MISSING };
      return await osPrinter.print(printer.osName ?? '', bytes);
    }
    const outcome = await sendToPrinter({ host: printer.host ?? '', port: printer.port ?? undefined }, bytes);
    return outcome.printed ? { printed: true } : { printed: false, reason: outcome.reason, detail: outcome.detail };
  } catch (error) {
    return failedOutcome(error);
  }
}
