/**
 * The printers (docs/tills.md, docs/printing.md): network thermal printers by host and port, each on a till
 * (branch + terminal), with its drawer, paper, code page, colón sign, QR, logo and whether it prints every
 * document issued on its till; "Imprimir prueba" and how it went.
 */
import { create } from 'zustand';
import { busyRunner, type BusyState } from '../shared/async-action.ts';
import type { Till } from '../shared/till.ts';
import { printersApi, type PrintersApi } from './api.ts';
import type { PrintOutcome, Printer, PrinterInput } from './types.ts';

export interface PrinterDraft {
  name: string;
  host: string;
  port: string;
  branch: string;
  terminal: string;
  drawer: boolean;
  paper: Printer['paper'];
  codepage: Printer['codepage'];
  colon: Printer['colon'];
  qr: boolean;
  logo: boolean;
  print_on_issue: boolean;
}

export const newPrinter = (till: Till): PrinterDraft => ({
  name: '', host: '', port: '9100', branch: till.branch, terminal: till.terminal,
  drawer: false, paper: '80mm', codepage: 'cp850', colon: '¢', qr: false, logo: true, print_on_issue: true,
});

export const printerDraft = (p: Printer): PrinterDraft => ({
  name: p.name, host: p.host ?? '', port: String(p.port ?? 9100), branch: p.branch, terminal: p.terminal,
  drawer: p.drawer, paper: p.paper, codepage: p.codepage, colon: p.colon, qr: p.qr, logo: p.logo, print_on_issue: p.print_on_issue,
});

/** The screen's own refusal before sending (`printers.problem.<code>`). */
export class PrinterProblem extends Error {}

export function printerProblem(d: PrinterDraft): 'name' | 'host' | 'port' | 'till' | undefined {
  if (d.name.trim() === '') return 'name';
  if (d.host.trim() === '' || /\s/.test(d.host.trim())) return 'host';
  if (!/^\d{1,5}$/.test(d.port) || Number(d.port) < 1 || Number(d.port) > 65535) return 'port';
  if (!/^\d{1,3}$/.test(d.branch) || !/^\d{1,5}$/.test(d.terminal)) return 'till';
  return undefined;
}

/** The POST/PUT body: a network printer, branch and terminal zero-padded as the consecutive writes them. */
export function printerBody(d: PrinterDraft): PrinterInput {
  return {
    name: d.name.trim(), connection: 'network', host: d.host.trim(), port: Number(d.port),
    branch: d.branch.padStart(3, '0'), terminal: d.terminal.padStart(5, '0'),
    drawer: d.drawer, paper: d.paper, codepage: d.codepage, colon: d.colon, qr: d.qr, logo: d.logo, print_on_issue: d.print_on_issue,
  };
}

export interface PrintersState extends BusyState {
  printers: Printer[];
  /** The last test page's outcome, by printer. */
  tests: Record<number, PrintOutcome>;
  /** The printer whose test page is on its way. */
  testing: number | null;
  load(): Promise<void>;
  save(draft: PrinterDraft, id?: number): Promise<boolean>;
  remove(id: number): Promise<boolean>;
  test(id: number): Promise<void>;
}

export function createPrintersStore(api: PrintersApi = printersApi()) {
  return create<PrintersState>((set, get) => {
    const run = busyRunner(get, set);
    return {
      busy: false,
      error: null,
      printers: [],
      tests: {},
      testing: null,
      load: async () => {
        await run(async () => set({ printers: await api.list() }));
      },
      save: (draft, id) => run(async () => {
        const problem = printerProblem(draft);
        if (problem) throw new PrinterProblem(problem);
        if (id === undefined) {
          const created = await api.create(printerBody(draft));
          set({ printers: [...get().printers, created] });
        } else {
          const updated = await api.update(id, printerBody(draft));
          set({ printers: get().printers.map((p) => (p.id === id ? updated : p)) });
        }
      }),
      remove: (id) => run(async () => {
        await api.remove(id);
        set({ printers: get().printers.filter((p) => p.id !== id) });
      }),
      // Apart from `busy`: a printer that does not answer takes seconds, the rest of the screen stays usable.
      test: async (id) => {
        set({ testing: id, error: null });
        try {
          const outcome = await api.test(id);
          set({ tests: { ...get().tests, [id]: outcome } });
        } catch (error) {
          set({ tests: { ...get().tests, [id]: { printed: false, reason: error instanceof Error ? error.message : String(error) } } });
        } finally {
          set({ testing: null });
        }
      },
    };
  });
}

export const usePrinters = createPrintersStore();
