/**
 * The till's shift ("Turno de caja", docs/tills.md): open it with the float, cash in and out with a reason,
 * close it with the count, and its report — the X while open, the Z once closed (kept on screen until a
 * new shift opens) — printed on the till's printer or as a PDF; and the day's Z.
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import { busyRunner, type BusyState } from '../shared/async-action.ts';
import { typedValue } from '../shared/decimal.ts';
import { saveBlob } from '../shared/save-blob.ts';
import type { Till } from '../shared/till.ts';
import { shiftsApi, type ShiftsApi } from './api.ts';
import { closeCounts, countProblem, type CountDraft } from './cash-count.ts';
import type { PrintOutcome, Shift, ShiftReport } from './types.ts';

export interface ShiftState extends BusyState {
  loaded: boolean;
  till: Till | null;
  /** The till's open shift, or the one just closed (its Z on screen). */
  shift: Shift | null;
  report: ShiftReport | null;
  daily: ShiftReport | null;
  printed: PrintOutcome | null;
  load(till: Till): Promise<void>;
  open(typedFloat: string): Promise<boolean>;
  move(kind: 'in' | 'out', typedAmount: string, reason: string): Promise<boolean>;
  close(draft: CountDraft): Promise<boolean>;
  print(): Promise<boolean>;
  /** The shift's report as a PDF download (through the approval, as the report itself). */
  pdf(): Promise<boolean>;
  loadDaily(date: string): Promise<boolean>;
  dailyPdf(date: string): Promise<boolean>;
  /** After a Z: back to "open a shift". */
  dismiss(): void;
}

const noOpenShift = (error: unknown) => error instanceof ApiRequestError && error.status === 404;

/** A refusal of the screen's own (the typed amount, a missing reason), worded by the screen: `shift.problem.<code>`. */
export class ShiftProblem extends Error {
  constructor(readonly problem: 'amount' | 'reason' | 'count', readonly field?: string) {
    super(problem);
  }
}

export function createShiftStore(api: ShiftsApi = shiftsApi(), save: (blob: Blob, name: string) => void = saveBlob) {
  return create<ShiftState>((set, get) => {
    const run = busyRunner(get, set);
    /** The shift first: a report the cashier may not read (another's shift) still leaves its actions. */
    const refresh = async (shift: Shift) => {
      set({ shift });
      try {
        set({ report: await api.report(shift.id) });
      } catch (error) {
        set({ report: null });
        throw error;
      }
    };
    const current = () => {
      const shift = get().shift;
      if (!shift) throw new Error('no_open_shift');
      return shift;
    };
    return {
      busy: false,
      error: null,
      loaded: false,
      till: null,
      shift: null,
      report: null,
      daily: null,
      printed: null,

      load: async (till) => {
        set({ till, printed: null });
        await run(async () => {
          try {
            await refresh(await api.current(till));
          } catch (error) {
            if (!noOpenShift(error)) throw error;
            // A Z just closed on this till stays until dismissed; otherwise nothing is open.
            const shown = get().shift;
            if (!shown?.closed_at || shown.terminal !== till.terminal || shown.branch !== till.branch) set({ shift: null, report: null });
          } finally {
            set({ loaded: true });
          }
        });
      },

      open: (typedFloat) => run(async () => {
        const till = get().till;
        const float = typedValue(typedFloat.trim() === '' ? '0' : typedFloat);
        if (!till) return;
        if (float === null) throw new ShiftProblem('amount', 'float');
        await refresh(await api.open(till, float));
        set({ printed: null });
      }),

      move: (kind, typedAmount, reason) => run(async () => {
        const shift = current();
        const amount = typedValue(typedAmount);
        if (amount === null || amount === '0') throw new ShiftProblem('amount', 'movement-amount');
        if (reason.trim() === '') throw new ShiftProblem('reason', 'movement-reason');
        await api.move(shift.id, kind, amount, reason.trim());
        await refresh(shift);
      }),

      close: (draft) => run(async () => {
        const shift = current();
        const problem = countProblem(draft);
        if (problem) throw new ShiftProblem('count', problem);
        const closed = await api.close(shift.id, closeCounts(draft));
        await refresh(closed);
        set({ printed: null });
      }),

      print: () => run(async () => {
        set({ printed: await api.print(current().id) });
      }),

      pdf: () => run(async () => {
        const { id } = current();
        save(await api.reportPdf(id), `turno-${id}.pdf`);
      }),

      loadDaily: (date) => run(async () => {
        set({ daily: await api.daily(date) });
      }),

      dailyPdf: (date) => run(async () => {
        save(await api.dailyPdf(date), `cierre-${date}.pdf`);
      }),

      dismiss: () => set({ shift: null, report: null, printed: null }),
    };
  });
}

export const useShift = createShiftStore();
