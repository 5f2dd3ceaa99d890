/**
 * The printer's answers to the real-time status requests (DLE EOT n, ESC/POS): the printer answers one byte
 * to each at once, even in the middle of a job. Each byte has bit 1 and bit 4 set and bits 0 and 7 clear,
 * which is how an answer is told from noise.
 *   DLE EOT 1 (printer): bit 2 the drawer connector's pin 3 (drawer open or closed, by model), bit 3 offline.
 *   DLE EOT 4 (roll paper sensor): bits 2–3 paper near its end, bits 5–6 paper out.
 */

export const STATUS_REQUEST = Uint8Array.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x04]);

export interface PrinterStatus {
  offline: boolean;
  paperOut: boolean;
  paperNearEnd: boolean;
  /** The level of pin 3 of the drawer connector; whether high means open depends on the drawer. */
  drawerSignal: boolean;
}

function isStatusByte(byte: number): boolean {
  return (byte & 0x93) === 0x12;
}

/** The status from the two answers to STATUS_REQUEST, or undefined when they are not status bytes. */
export function readPrinterStatus(answer: Uint8Array): PrinterStatus | undefined {
  const [printer, paper] = answer;
  if (printer === undefined || paper === undefined || !isStatusByte(printer) || !isStatusByte(paper)) return undefined;
  return {
    offline: (printer & 0x08) !== 0,
    drawerSignal: (printer & 0x04) !== 0,
    paperNearEnd: (paper & 0x0c) !== 0,
    paperOut: (paper & 0x60) !== 0,
  };
}
