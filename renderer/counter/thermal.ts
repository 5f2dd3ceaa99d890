/**
 * The till's thermal printer (docs/tills.md, "Printers"; docs/printing.md): whether this till has one that
 * prints on issue (GET /printers, matched by this PC's branch and terminal, renderer/shared/till.ts), and
 * F4's retry or reprint of the issued ticket's receipt (POST /documents/{key}/print). The server prints
 * on its own right after issuing; how that went comes back in the document's `print`, which issuing.ts
 * reads. A session that may not read the printers (a cashier's role) still learns it from that `print`.
 */
import { useTill } from '../shared/till.ts';
import type { CounterState, StoreContext, TicketPrint } from './state.ts';

type ThermalActions = Pick<CounterState, 'loadPrinter' | 'printAgain' | 'followPrint'>;

/** A receipt prints in well under a second (docs/printing.md); a printer that does not answer takes its time-outs (1.5 s + 10 s). */
const FOLLOW_EVERY_MS = 200;
const FOLLOW_FOR_MS = 15_000;
/** With no printer known for this till, a `print` that has not shown up by then never will. */
const UNKNOWN_PRINTER_MS = 2_000;

const pad = (value: string, width: number) => value.padStart(width, '0');

/** The document's `print` member as the counter keeps it; null when it was never printed nor tried. */
export function ticketPrintOf(print: { state: string; reason: string | null } | null | undefined): TicketPrint | null {
  if (!print || !['printing', 'printed', 'failed'].includes(print.state)) return null;
  return { state: print.state as TicketPrint['state'], reason: print.reason };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function thermalActions({ api, get, set }: StoreContext): ThermalActions {
  return {
    async followPrint() {
      const clave = get().issued?.clave;
      if (!clave || get().tillPrinter === false) return;
      set({ printWatching: true });
      const started = Date.now();
      const current = () => (get().issued?.clave === clave ? get().issued : null);
      try {
        for (;;) {
          await sleep(FOLLOW_EVERY_MS);
          await get().refreshIssued();
          const issued = current();
          const waited = Date.now() - started;
          if (!issued || (issued.print && issued.print.state !== 'printing')) return;
          if (waited > FOLLOW_FOR_MS || (!issued.print && get().tillPrinter === null && waited > UNKNOWN_PRINTER_MS)) return;
        }
      } finally {
        if (get().issued?.clave === clave || !get().issued) set({ printWatching: false });
      }
    },

    async loadPrinter() {
      const { branch, terminal } = useTill.getState().till;
      try {
        const printers = await api.printers();
        set({ tillPrinter: printers.some((p) => p.print_on_issue && pad(p.branch, 3) === branch && pad(p.terminal, 5) === terminal) });
      } catch {
        set({ tillPrinter: null }); // not readable here: the issued document's `print` tells
      }
    },

    async printAgain() {
      const issued = get().issued;
      // The automatic print is still on its way: F4 now would print the receipt twice.
      if (!issued || get().reprinting || get().printWatching) return;
      // A receipt that came out once prints again as a "COPIA" (and never opens the drawer).
      const copy = issued.print?.state === 'printed';
      set({ reprinting: true, issued: { ...issued, print: { state: 'printing', reason: null } } });
      try {
        const answer = await api.printReceipt(issued.clave, { ...(issued.tendered && !copy ? { cash_received: issued.tendered } : {}), copy });
        const print: TicketPrint = answer.printed ? { state: 'printed', reason: null } : { state: 'failed', reason: answer.reason ?? 'failed' };
        if (get().issued?.clave === issued.clave) set({ issued: { ...get().issued!, print } });
      } catch {
        if (get().issued?.clave === issued.clave) set({ issued: { ...get().issued!, print: { state: 'failed', reason: 'failed' } } });
      } finally {
        set({ reprinting: false });
      }
    },
  };
}
