/** The tills screens' calls (docs/tills.md): the session's cashier, cashiers, shifts and reports, printers. */
import { api as defaultApi, query, type ApiClient } from '../api/client.ts';
import type { Till } from '../shared/till.ts';
import { requestApproval, type ApprovalAsk } from '../shared/approval/store.ts';
import { withApproval } from '../shared/approval/with-approval.ts';
import type {
  CashMovement, Cashier, CashierInput, CloseCounts, PadCashier, PrintOutcome, Printer, PrinterInput, SessionCashier, Shift, ShiftReport,
} from './types.ts';

const id = (value: number) => encodeURIComponent(String(value));

export function sessionApi(client: Pick<ApiClient, 'data' | 'request'> = defaultApi) {
  return {
    state: () => client.data<SessionCashier>('GET', '/session/cashier'),
    cashiers: () => client.data<PadCashier[]>('GET', '/session/cashiers'),
    signIn: (cashierId: number, pin: string) => client.data<{ cashier: PadCashier }>('POST', '/session/cashier', { cashier_id: cashierId, pin }),
    // 204, no envelope: the whole (empty) answer.
    lock: () => client.request<void>('DELETE', '/session/cashier'),
  };
}
export type SessionApi = ReturnType<typeof sessionApi>;

export function cashiersApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    list: () => client.data<Cashier[]>('GET', `/cashiers${query({ include_inactive: true })}`),
    create: (input: Required<Pick<CashierInput, 'name' | 'pin' | 'role'>>) => client.data<Cashier>('POST', '/cashiers', input),
    update: (cashierId: number, input: CashierInput) => client.data<Cashier>('PUT', `/cashiers/${id(cashierId)}`, input),
    disable: (cashierId: number) => client.data<Cashier>('DELETE', `/cashiers/${id(cashierId)}`),
  };
}
export type CashiersApi = ReturnType<typeof cashiersApi>;

/**
 * A cashier acts on its own shift only: on another's (or on the day's Z) the server answers 403
 * role_forbidden and a supervisor's PIN approves the one action (shared/approval). Reading the report on
 * opening the screen asks nobody: the screen says why it cannot show it. The PDFs are fetched, not linked:
 * a link cannot carry the approval. `ask`: the approval dialog (tests give their own).
 */
export function shiftsApi(client: Pick<ApiClient, 'data' | 'file'> = defaultApi, ask: (asked: ApprovalAsk) => Promise<string | null> = requestApproval) {
  const approved = <T>(call: (headers: Record<string, string>) => Promise<T>) => withApproval(call, ask);
  return {
    current: (till: Till) => client.data<Shift>('GET', `/shifts/current${query({ terminal: till.terminal, branch: till.branch })}`),
    open: (till: Till, openingFloat: string) => client.data<Shift>('POST', '/shifts', { terminal: till.terminal, branch: till.branch, opening_float: openingFloat }),
    move: (shiftId: number, kind: 'in' | 'out', amount: string, reason: string) =>
      approved((headers) => client.data<CashMovement>('POST', `/shifts/${id(shiftId)}/movements`, { kind, amount, reason }, headers)),
    close: (shiftId: number, counts: CloseCounts) => approved((headers) => client.data<Shift>('POST', `/shifts/${id(shiftId)}/close`, { counts }, headers)),
    report: (shiftId: number) => client.data<ShiftReport>('GET', `/shifts/${id(shiftId)}/report`),
    print: (shiftId: number) => approved((headers) => client.data<PrintOutcome>('POST', `/shifts/${id(shiftId)}/report/print`, {}, headers)),
    daily: (date: string) => approved((headers) => client.data<ShiftReport>('GET', `/shifts/daily-report${query({ date })}`, undefined, headers)),
    reportPdf: (shiftId: number) => approved((headers) => client.file(`/shifts/${id(shiftId)}/report${query({ format: 'pdf' })}`, headers)),
    dailyPdf: (date: string) => approved((headers) => client.file(`/shifts/daily-report${query({ date, format: 'pdf' })}`, headers)),
    recent: (till: Till) => client.data<Shift[]>('GET', `/shifts${query({ terminal: till.terminal, limit: 10 })}`),
  };
}
export type ShiftsApi = ReturnType<typeof shiftsApi>;

export function printersApi(client: Pick<ApiClient, 'data' | 'request'> = defaultApi) {
  return {
    list: () => client.data<Printer[]>('GET', '/printers'),
    create: (input: PrinterInput) => client.data<Printer>('POST', '/printers', input),
    update: (printerId: number, input: Partial<PrinterInput>) => client.data<Printer>('PUT', `/printers/${id(printerId)}`, input),
    remove: (printerId: number) => client.request<void>('DELETE', `/printers/${id(printerId)}`),
    test: (printerId: number) => client.data<PrintOutcome>('POST', `/printers/${id(printerId)}/test`),
  };
}
export type PrintersApi = ReturnType<typeof printersApi>;
