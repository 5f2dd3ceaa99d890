/**
 * A printer's stored fields from what a client sent (docs/tills.md, "Printers"): trimmed, the till's numbers
 * padded as in the consecutive (branch 3 digits, terminal 5), the connection's own members required (a host
 * for `network`, an OS queue name for `os`) and the other connection's cleared, the engine's setup
 * (printing/print-job.ts PrinterSetup) with its defaults. Shared by create and update; on update, members
 * not sent keep their value.
 */
import { isIP } from 'node:net';
import { AppError, validationError } from '../domain/errors.ts';
import type { PrinterFields, PrinterRow } from '../store/printers.ts';
import { DEFAULT_PRINTER_PORT } from './network-printer.ts';
import type { PrinterSetup } from './print-job.ts';

export type Connection = 'network' | 'os';
/** The colón sign as the API names it: the engine's `cent` prints ¢, `code` prints CRC. */
export type ColonChoice = '¢' | 'CRC';

/** What a client may send (snake_case, as the API). */
export interface PrinterInput {
  name?: string;
  connection?: Connection;
  host?: string;
  port?: number;
  os_name?: string;
  terminal?: string;
  branch?: string;
  drawer?: boolean;
  paper?: PrinterSetup['paper'];
  codepage?: PrinterSetup['codepage'];
  colon?: ColonChoice;
  qr?: boolean;
  logo?: boolean;
  print_on_issue?: boolean;
}

/** The stored `setup` column: the engine's settings but the drawer, which has its own column. */
export type StoredSetup = Omit<PrinterSetup, 'drawer'>;

const DEFAULT_SETUP: StoredSetup = { paper: '80mm', codepage: 'cp850', colon: 'cent', qr: false, logo: true };

/** A host name (RFC 1123 labels) or an IP address. */
const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

function isPrinterHost(host: string): boolean {
  return isIP(host) !== 0 || HOST_NAME.test(host);
}

const osPrinterUnavailable = () =>
  new AppError('os_printer_unavailable', 422, 'USB and system printers are reached through the desktop app; this server has none. Use a network printer (connection "network").');

/** The engine's setup of a stored printer; a setup saved by an older version gets today's defaults. */
export function setupOf(row: Pick<PrinterRow, 'setup' | 'drawer'>): PrinterSetup {
  const s = row.setup as Partial<StoredSetup>;
  return {
    paper: s.paper === '58mm' ? '58mm' : '80mm',
    codepage: s.codepage === 'cp858' ? 'cp858' : 'cp850',
    colon: s.colon === 'code' ? 'code' : 'cent',
    qr: s.qr === true,
    logo: s.logo !== false,
    drawer: row.drawer,
  };
}

/** The stored fields from an input over the current printer (update) or the defaults (create); 422 on what cannot work. */
export function printerFields(input: PrinterInput, osAvailable: boolean, current?: PrinterRow): PrinterFields {
  const connection = input.connection ?? (current?.connection as Connection | undefined) ?? 'network';
  const setup = current ? setupOf(current) : { ...DEFAULT_SETUP, drawer: false };
  const errors: Record<string, string[]> = {};
  const name = input.name?.trim() ?? current?.name ?? '';
  if (name === '') errors['name'] = ['Must not be blank.'];
  const terminal = input.terminal ?? current?.terminal;
  if (terminal === undefined) errors['terminal'] = ['Required: the till (terminal of the consecutive) this printer serves.'];
  let host: string | null = null;
  let port: number | null = null;
  let osName: string | null = null;
  if (connection === 'network') {
    host = input.host?.trim() ?? current?.host ?? null;
    port = input.port ?? current?.port ?? DEFAULT_PRINTER_PORT;
    if (host === null || host === '') errors['host'] = ['Required for a network printer: its IP address or name.'];
    else if (!isPrinterHost(host)) errors['host'] = ['Must be an IP address or a host name.'];
  } else {
    osName = input.os_name?.trim() ?? current?.osName ?? null;
    if (osName === null || osName === '') errors['os_name'] = ['Required for a system printer: the name of its queue.'];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  // Checked after the fields: a form with mistakes hears about them first, wherever it is sent.
  if (connection === 'os' && !osAvailable) throw osPrinterUnavailable();
  const colon = input.colon === undefined ? setup.colon : input.colon === 'CRC' ? 'code' : 'cent';
  const stored: StoredSetup = {
    paper: input.paper ?? setup.paper,
    codepage: input.codepage ?? setup.codepage,
    colon,
    qr: input.qr ?? setup.qr,
    logo: input.logo ?? setup.logo,
  };
  return {
    name,
    connection,
    host,
    port,
    osName,
    branch: (input.branch ?? current?.branch ?? '1').padStart(3, '0'),
    terminal: terminal!.padStart(5, '0'),
    drawer: input.drawer ?? current?.drawer ?? false,
    printOnIssue: input.print_on_issue ?? current?.printOnIssue ?? true,
    setup: stored,
  };
}
