/**
 * "Anular último tiquete": the ticket just issued, voided from the counter once the cashier confirms, with
 * POST /documents/{key}/void (a credit note that annuls it, spec VoidRequest). The server voids only an
 * accepted document, so the counter offers it once the ticket is accepted; the original counts as voided
 * when the tax authority accepts the credit note (docs/renderer.md).
 */
import { create } from 'zustand';
import { busyRunner, type BusyState } from '../shared/async-action.ts';
import { withApproval } from '../shared/approval/with-approval.ts';
import { counterApi, type CounterApi } from './api.ts';

export interface VoidTicketState extends BusyState {
  /** The clave the confirmation is asked for. */
  confirming: string | null;
  /** Credit notes issued from here, by the clave of the ticket they void: their consecutive number. */
  voided: Record<string, string>;
  ask(clave: string): void;
  cancel(): void;
  confirm(): Promise<boolean>;
}

export function createVoidTicketStore(api: Pick<CounterApi, 'voidDocument'> = counterApi()) {
  return create<VoidTicketState>((set, get) => {
    const run = busyRunner(get, set);
    return {
      busy: false,
      error: null,
      confirming: null,
      voided: {},
      ask(clave) {
        if (!get().voided[clave]) set({ confirming: clave, error: null });
      },
      cancel() {
        set({ confirming: null });
      },
      confirm() {
        const clave = get().confirming;
        if (!clave) return Promise.resolve(false);
        return run(async () => {
          // A cashier may not void: a supervisor's PIN approves this one (docs/tills.md).
          const note = await withApproval((headers) => api.voidDocument(clave, headers));
          set({ voided: { ...get().voided, [clave]: note.consecutive_number }, confirming: null });
        });
      },
    };
  });
}

export const useVoidTicket = createVoidTicketStore();
