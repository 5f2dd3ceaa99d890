/**
 * Prints on a network thermal printer: raw TCP, port 9100 by default (the JetDirect "raw" port every ESC/POS
 * network printer opens). The bytes go out on one connection; the promise settles once they were handed to
 * the system and the connection closed, and it settles within the timeouts whatever the printer does —
 * never a rejection: a printer that is off, unplugged or out of paper is an outcome the counter shows
 * ("no impreso — reintentar"), not an error, and the sale stays issued.
 *
 * Before the job, the printer is asked for its status (DLE EOT 1 and 4, printer-status.ts). A printer that
 * answers "paper out" or "offline" is not sent the job: it would keep it in its buffer and print it when the
 * paper is changed, and the retry would print it twice. A printer that does not answer within
 * statusTimeoutMs is sent the job all the same (some models keep real-time commands off the network port).
 */
import { connect, type Socket } from 'node:net';
import { readPrinterStatus, STATUS_REQUEST, type PrinterStatus } from './printer-status.ts';

export const DEFAULT_PRINTER_PORT = 9100;

export interface NetworkPrinter {
  host: string;
  port?: number | undefined;
}

export interface SendOptions {
  /** Until the printer accepts the connection. A LAN printer answers in milliseconds; off, it never does. */
  connectTimeoutMs?: number;
  /** Until the printer has taken the whole job and closed. */
  writeTimeoutMs?: number;
  /** How long to wait for the answer to the status request; 0 does not ask. */
  statusTimeoutMs?: number;
}

/** Why a job was not printed; the screens show "no impreso — reintentar" with the reason's words. */
export type NotPrintedReason = 'refused' | 'timeout' | 'unreachable' | 'paper_out' | 'offline' | 'failed';

export type PrintOutcome =
  | { printed: true; status: PrinterStatus | undefined }
  | { printed: false; reason: NotPrintedReason; status?: PrinterStatus | undefined; detail: string };

const DEFAULTS = { connectTimeoutMs: 1500, writeTimeoutMs: 10_000, statusTimeoutMs: 250 };

/** After the job is flushed, how long to wait for the printer to close before closing ourselves. */
const CLOSE_GRACE_MS = 1000;

function reasonOf(error: NodeJS.ErrnoException): NotPrintedReason {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'refused';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unreachable';
    default:
      return 'failed';
  }
}

export function sendToPrinter(printer: NetworkPrinter, bytes: Uint8Array, options: SendOptions = {}): Promise<PrintOutcome> {
  const o = { ...DEFAULTS, ...options };
  return new Promise<PrintOutcome>((resolve) => {
    const socket: Socket = connect({ host: printer.host, port: printer.port ?? DEFAULT_PRINTER_PORT });
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    let flushed = false;
    let status: PrinterStatus | undefined;

    const settle = (outcome: PrintOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const notPrinted = (reason: NotPrintedReason, detail: string) => settle({ printed: false, reason, status, detail });
    const after = (ms: number, then: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(then, ms);
    };

    const print = () => {
      socket.removeAllListeners('data');
      socket.resume(); // answers the printer sends on its own are read and dropped
      after(o.writeTimeoutMs, () => notPrinted('timeout', 'the printer stopped taking the job'));
      socket.end(bytes);
    };

    const askStatus = () => {
      let answer = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        answer = Buffer.concat([answer, chunk]);
        if (answer.length < 2) return;
        status = readPrinterStatus(answer);
        if (status?.paperOut) return notPrinted('paper_out', 'the printer is out of paper');
        if (status?.offline) return notPrinted('offline', 'the printer is offline (cover open or an error)');
        print();
      });
      after(o.statusTimeoutMs, print);
      socket.write(STATUS_REQUEST);
    };

    after(o.connectTimeoutMs, () => notPrinted('timeout', `no answer from ${printer.host}`));
    socket.once('connect', () => {
      socket.setNoDelay(true);
      if (o.statusTimeoutMs > 0) askStatus();
      else print();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // Once the job was handed over, a reset from a printer that closes abruptly is its way of saying goodbye.
      if (flushed) settle({ printed: true, status });
      else notPrinted(reasonOf(error), error.code ?? error.message);
    });
    socket.once('finish', () => {
      flushed = true;
      after(CLOSE_GRACE_MS, () => settle({ printed: true, status }));
    });
    socket.once('close', () => {
      if (flushed) settle({ printed: true, status });
      else notPrinted('failed', 'the printer closed the connection before taking the job');
    });
  });
}
