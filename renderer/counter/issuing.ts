/**
 * Paying and issuing the ticket: the payment method and the cash received, the request of the lines so far,
 * issuing it on this PC's till (branch and terminal, renderer/shared/till.ts; the cash received goes along
 * in X-Cash-Received for the receipt the till's printer prints) — the counter empties for the next sale,
 * the issued ticket stays in its box — and reading its status and its print until the tax authority
 * answers, an older answer never undoing a newer one.
 */
import { readTendered } from './cash.ts';
import { ticketRequest } from '../shared/ticket/ticket-request.ts';
import { useTill } from '../shared/till.ts';
import { ticketPrintOf } from './thermal.ts';
import type { CounterState, StoreContext } from './state.ts';

type IssuingActions = Pick<CounterState, 'setPayment' | 'setTendered' | 'draft' | 'issue' | 'refreshIssued'>;

export function issuingActions({ api, get, set, fail }: StoreContext, now: () => Date): IssuingActions {
  /** Numbers the issued ticket's status reads: an answer older than one applied must not undo it. */
  let statusCall = 0;
  let statusApplied = 0;

  return {
    setPayment(payment) {
      set({ payment });
    },

    setTendered(text) {
      set({ tendered: text });
    },

    draft(offline = false) {
      const { org, address, lines, payment } = get();
      if (lines.length === 0 || !org || !address) return null;
      return ticketRequest(org, address, lines, payment, now(), offline, useTill.getState().till);
    },

    async issue(offline) {
      const { issuing, payment, tendered, lines } = get();
      const request = get().draft(offline);
      if (issuing || !request) return;
      set({ issuing: true, error: null, errorCode: null });
      try {
        const cash = payment === 'cash' ? readTendered(tendered) : null;
        const submitted = await api.issue(request, cash);
        set({
          issued: { clave: submitted.document_key, consecutive: submitted.consecutive_number, status: submitted.status, detail: null, tendered: cash, lines, print: null },
          lines: [], query: '', results: [], pricing: null, discounting: false, tendered: '', payment: 'cash', cleared: null,
        });
        // The till's printer prints it after the answer: follow that instead of the status's slower poll at first.
        if (get().tillPrinter === false) void get().refreshIssued();
        else void get().followPrint();
      } catch (error) {
        fail(error);
      } finally {
        set({ issuing: false });
      }
    },

    async refreshIssued() {
      const issued = get().issued;
      if (!issued) return;
      const call = ++statusCall;
      try {
        const detail = await api.document(issued.clave);
        const current = get().issued;
        // Another ticket issued meanwhile, or a newer read answered first (the poll overlaps slow answers).
        if (call < statusApplied || current?.clave !== issued.clave) return;
        statusApplied = call;
        // A retry asked at F4 answers for itself; until it has, the document's older `print` would undo it.
        const print = get().reprinting ? current.print : (ticketPrintOf(detail.print) ?? current.print);
        set({ issued: { ...current, status: detail.status, detail, print } });
      } catch {
        // the clave is shown already; the status catches up on the next poll
      }
    },
  };
}
