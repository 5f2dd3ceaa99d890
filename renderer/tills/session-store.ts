/**
 * Who is at this till (docs/tills.md "Who is who"): the session's cashier, the PIN pad's list, and the
 * lock. `phase`: `checking` until the server answered once; `free` while the organization has no active
 * cashier (the session acts as the owner, no PIN pad); `locked` when a PIN is needed (at start, after
 * "Bloquear", the switch key, the screen's inactivity timer, or any request answered 401 cashier_required);
 * `signed` with a cashier.
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import { asError, busyRunner } from '../shared/async-action.ts';
import { sessionApi, type SessionApi } from './api.ts';
import type { PadCashier } from './types.ts';

export type CashierPhase = 'checking' | 'free' | 'locked' | 'signed';

export interface CashierSessionState {
  phase: CashierPhase;
  cashier: PadCashier | null;
  /** From GET /session/cashier; 0 = never. */
  lockAfterMinutes: number;
  /** The PIN pad's names. */
  cashiers: PadCashier[];
  busy: boolean;
  error: Error | null;
  load(): Promise<void>;
  signIn(cashierId: number, pin: string): Promise<boolean>;
  /** "Bloquear", the switch key and the inactivity timer: the server forgets the cashier, the PIN pad shows. */
  lock(): Promise<void>;
  /** A request met 401 cashier_required: the server already forgot the cashier. */
  required(): void;
}

export function createCashierSession(api: SessionApi = sessionApi()) {
  return create<CashierSessionState>((set, get) => {
    const run = busyRunner(get, set);
    const loadNames = async () => {
      try {
        set({ cashiers: await api.cashiers() });
      } catch (error) {
        set({ error: asError(error) });
      }
    };
    return {
      phase: 'checking',
      cashier: null,
      lockAfterMinutes: 0,
      cashiers: [],
      busy: false,
      error: null,

      load: async () => {
        try {
          const state = await api.state();
          set({ cashier: state.cashier, lockAfterMinutes: state.lock_after_minutes, phase: state.cashier ? 'signed' : state.required ? 'locked' : 'free' });
          if (get().phase === 'locked') await loadNames();
        } catch (error) {
          // A bearer-less first run (no organization yet) or an older server: the screens as before; the
          // first request that needs a cashier opens the PIN pad anyway.
          if (error instanceof ApiRequestError && error.code === 'cashier_required') get().required();
          else set({ phase: 'free' });
        }
      },

      signIn: (cashierId, pin) => run(async () => {
        const { cashier } = await api.signIn(cashierId, pin);
        set({ cashier, phase: 'signed' });
        // The lock time may have changed in Ajustes since the pad opened.
        void api.state().then((state) => set({ lockAfterMinutes: state.lock_after_minutes }), () => undefined);
      }),

      lock: async () => {
        set({ phase: 'locked', cashier: null, error: null });
        try {
          await api.lock();
        } catch {
          // Unreachable server: the screen is locked all the same, and the server locks by itself when idle.
        }
        await loadNames();
      },

      required: () => {
        if (get().phase === 'locked') return;
        set({ phase: 'locked', cashier: null, error: null });
        void loadNames();
      },
    };
  });
}

export const useCashierSession = createCashierSession();

/** The role of the cashier signed in; null without cashiers or while locked. */
export const signedRole = (s: CashierSessionState) => (s.phase === 'signed' ? s.cashier?.role ?? null : null);
