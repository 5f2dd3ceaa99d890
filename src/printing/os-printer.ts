/**
 * The port to the operating system's printers (USB printers, or any printer the OS has a queue for), which
 * only the desktop shell provides (main/os-printer.ts): the headless server has none, and a printer with
 * `connection: "os"` is refused there (422 os_printer_unavailable). The bytes are the same ESC/POS job a
 * network printer gets, handed to the OS queue in raw mode (no driver in between).
 */
import type { NotPrintedReason } from './network-printer.ts';

/** A job's outcome, whatever carried it: the screens word the reason ("no impreso — reintentar"). */
export type SendOutcome = { printed: true } | { printed: false; reason: NotPrintedReason; detail: string };

/** A job that threw on its way to the printer. */
export const failedOutcome = (error: unknown): SendOutcome => ({ printed: false, reason: 'failed', detail: error instanceof Error ? error.message : String(error) });

export interface OsPrinter {
  /** Sends `bytes` raw to the OS queue `queue`. Never rejects: a queue that refuses is an outcome. */
  print(queue: string, bytes: Uint8Array): Promise<SendOutcome>;
}
