/**
 * The tills routes' shapes (docs/tills.md): cashiers, the session's cashier, shifts and their reports,
 * printers, derived from the server's schemas (renderer/api/schemas.ts); the screens' own narrowings
 * (the texts the schema leaves open) and the bodies they send. Ids are the API's int64 numbers.
 */
import type {
  CashMovementView, CashierView, PadCashierView, PrintOutcomeView, PrinterInputView, PrinterView, SessionCashierView, ShiftReportView, ShiftView,
} from '../api/schemas.ts';

export type Role = CashierView['role'];
export const ROLES: readonly Role[] = ['cashier', 'supervisor', 'owner'];

/** GET/POST/PUT /cashiers. A PIN is never part of an answer. */
export type Cashier = CashierView;
/** GET /session/cashiers: who may sign in on the PIN pad. */
export type PadCashier = PadCashierView;
/** GET /session/cashier. */
export type SessionCashier = SessionCashierView;

export interface CashierInput {
  name?: string;
  pin?: string;
  role?: Role;
  active?: boolean;
}

/** POST /shifts/{id}/close's `counts`: the cash by denomination (or its amount), the other methods' amounts. */
export interface CloseCounts {
  cash: { denominations: Record<string, number> } | { amount: string };
  card?: string;
  sinpe_movil?: string;
  transfer?: string;
  other?: string;
}

/** A shift as the screens read it (`closed_at` null while open); its figures come with GET /shifts/{id}/report. */
export type Shift = Pick<ShiftView, 'id' | 'branch' | 'terminal' | 'state' | 'opening_float' | 'opened_at' | 'closed_at' | 'opened_by'>;
export type CashMovement = CashMovementView;
/** The X while open, the Z once closed, the day's Z. */
export type ShiftReport = ShiftReportView;

export type PrinterPaper = '80mm' | '58mm';

/** GET/POST/PUT /printers, with the texts the schema leaves open narrowed to what the server writes. */
export type Printer = Omit<PrinterView, 'connection' | 'paper' | 'codepage' | 'colon'> & {
  connection: 'network' | 'os';
  paper: PrinterPaper;
  codepage: 'cp850' | 'cp858';
  colon: '¢' | 'CRC';
};

/** POST /printers: a network printer, every member the screen edits. */
export type PrinterInput = Required<Omit<PrinterInputView, 'os_name'>>;

/** POST /printers/{id}/test and the report's print. */
export type PrintOutcome = PrintOutcomeView;
