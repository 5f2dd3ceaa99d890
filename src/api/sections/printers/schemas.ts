/**
 * Request and answer schemas of /printers (docs/tills.md, "Printers"). The schema checks each member's
 * form; what depends on the connection (a host for `network`, a queue name for `os`, whether the desktop
 * shell's OS printers are here) is checked by the use case (printing/printer-fields.ts).
 */
import { Type } from 'typebox';
import { Envelope, NullableInteger, NullableText, Open } from '../../schema-types.ts';

const fields = {
  name: Type.String({ minLength: 1, maxLength: 80 }),
  connection: Type.Union([Type.Literal('network'), Type.Literal('os')], { description: '`network`: raw TCP (port 9100); `os`: a USB or system printer, through the desktop app only' }),
  host: Type.String({ minLength: 1, maxLength: 253, description: 'network: the printer\'s IP address or host name' }),
  port: Type.Integer({ minimum: 1, maximum: 65535, description: 'network: default 9100' }),
  os_name: Type.String({ minLength: 1, maxLength: 127, description: 'os: the name of the OS printer queue (as `lpstat -p` or the Windows printers list shows it)' }),
  terminal: Type.String({ pattern: '^\\d{1,5}$', description: 'the till this printer serves: the terminal of the consecutive (stored as 5 digits)' }),
  branch: Type.String({ pattern: '^\\d{1,3}$', description: 'default `001` (stored as 3 digits)' }),
  drawer: Type.Boolean({ description: 'a cash drawer hangs on it: opened on cash payments (default false)' }),
  paper: Type.Union([Type.Literal('80mm'), Type.Literal('58mm')], { description: 'default `80mm` (48 columns); `58mm` has 32' }),
  codepage: Type.Union([Type.Literal('cp850'), Type.Literal('cp858')], { description: 'default `cp850`; `cp858` adds €' }),
  colon: Type.Union([Type.Literal('¢'), Type.Literal('CRC')], { description: 'how ₡ prints (no printer code page has it): `¢` (default) or `CRC `' }),
  qr: Type.Boolean({ description: 'print the clave\'s QR code (default false: the tax authority suspended it on printed documents)' }),
  logo: Type.Boolean({ description: 'print the shop\'s logo (default true)' }),
  print_on_issue: Type.Boolean({ description: 'print every document issued on its till as soon as it is issued (default true)' }),
};

export const PrinterInput = Type.Object({
  name: fields.name,
  connection: fields.connection,
  host: Type.Optional(fields.host),
  port: Type.Optional(fields.port),
  os_name: Type.Optional(fields.os_name),
  terminal: fields.terminal,
  branch: Type.Optional(fields.branch),
  drawer: Type.Optional(fields.drawer),
  paper: Type.Optional(fields.paper),
  codepage: Type.Optional(fields.codepage),
  colon: Type.Optional(fields.colon),
  qr: Type.Optional(fields.qr),
  logo: Type.Optional(fields.logo),
  print_on_issue: Type.Optional(fields.print_on_issue),
});

/** PUT changes the members sent and keeps the others. */
export const PrinterUpdate = Type.Partial(PrinterInput);

export const PrinterParams = Type.Object({ id: Type.String({ description: 'printer id (int64)' }) });

const Printer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  connection: Type.String({ description: '`network` or `os`' }),
  host: NullableText('network: IP address or host name'),
  port: NullableInteger('network: TCP port'),
  os_name: NullableText('os: the OS queue'),
  branch: Type.String(),
  terminal: Type.String(),
  drawer: Type.Boolean(),
  paper: Type.String(),
  codepage: Type.String(),
  colon: Type.String(),
  qr: Type.Boolean(),
  logo: Type.Boolean(),
  print_on_issue: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
}, Open);

export const PrinterReply = Envelope(Printer);
export const PrinterListReply = Envelope(Type.Array(Printer));

/** What a print answers: printed, or not and why (the screens word the reason: "no impreso — reintentar"). */
export const PrintOutcome = Type.Object({
  printed: Type.Boolean(),
  reason: Type.Optional(Type.String({ description: 'when not printed: `refused` (off or unplugged), `timeout` (no answer), `unreachable` (no route, unknown name, or an OS printer without the desktop app), `paper_out`, `offline` (cover open, error) or `failed`' })),
  detail: Type.Optional(Type.String({ description: 'when not printed: what happened, in English, for the log' })),
}, Open);

export const PrintOutcomeReply = Envelope(PrintOutcome);
export const NoContent = Type.Null({ description: 'Deleted' });
