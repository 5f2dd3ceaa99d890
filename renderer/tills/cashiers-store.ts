/**
 * The cashiers (the owner's screen, docs/tills.md): every cashier with disabled ones, a new one with name,
 * role and PIN, a change of name, role or PIN, disabling and enabling. A cashier is never deleted: the
 * documents name them.
 */
import { create } from 'zustand';
import { busyRunner, type BusyState } from '../shared/async-action.ts';
import { cashiersApi, type CashiersApi } from './api.ts';
import type { Cashier, CashierInput, Role } from './types.ts';

export interface CashierDraft {
  name: string;
  role: Role;
  /** '' keeps the PIN of a cashier being edited. */
  pin: string;
}

export const NEW_CASHIER: CashierDraft = { name: '', role: 'cashier', pin: '' };

/** Why the draft cannot be sent, for the screen's own words (`cashiers.problem.<code>`), or undefined. */
export function draftProblem(draft: CashierDraft, editing: boolean): 'name' | 'pin' | undefined {
  if (draft.name.trim() === '' || draft.name.trim().length > 80) return 'name';
  if (!(editing && draft.pin === '') && !/^\d{4,6}$/.test(draft.pin)) return 'pin';
  return undefined;
}

export class CashierProblem extends Error {}

export interface CashiersState extends BusyState {
  cashiers: Cashier[];
  load(): Promise<void>;
  save(draft: CashierDraft, id?: number): Promise<boolean>;
  setActive(id: number, active: boolean): Promise<boolean>;
}

export function createCashiersStore(api: CashiersApi = cashiersApi()) {
  return create<CashiersState>((set, get) => {
    const run = busyRunner(get, set);
    const replace = (cashier: Cashier) => set({ cashiers: get().cashiers.map((c) => (c.id === cashier.id ? cashier : c)) });
    return {
      busy: false,
      error: null,
      cashiers: [],
      load: async () => {
        await run(async () => set({ cashiers: await api.list() }));
      },
      save: (draft, id) => run(async () => {
        const problem = draftProblem(draft, id !== undefined);
        if (problem) throw new CashierProblem(problem);
        if (id === undefined) {
          const created = await api.create({ name: draft.name.trim(), role: draft.role, pin: draft.pin });
          set({ cashiers: [...get().cashiers, created] });
          return;
        }
        const input: CashierInput = { name: draft.name.trim(), role: draft.role, ...(draft.pin ? { pin: draft.pin } : {}) };
        replace(await api.update(id, input));
      }),
      setActive: (id, active) => run(async () => {
        replace(active ? await api.update(id, { active: true }) : await api.disable(id));
      }),
    };
  });
}

export const useCashiers = createCashiersStore();
