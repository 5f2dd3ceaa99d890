/**
 * Settings → Cajas (a head office, docs/replication.md): the paired tills, a one-time pairing code — kept
 * in this store only, shown until another is made or the screen is left, never read back from the server —
 * and unpairing, asked for first (`ask`) because the till stops reporting at once.
 */
import { create } from 'zustand';
import { idle, sectionRunner, type SectionState } from './section.ts';
import { tillsApi, type PairedTill, type PairingCode, type TillsApi } from './tills-api.ts';

export interface TillsState extends SectionState {
  tills: PairedTill[];
  code: PairingCode | null;
  /** The till waiting for its unpairing to be confirmed. */
  confirming: PairedTill | null;
  load(): Promise<void>;
  makeCode(label: string): Promise<boolean>;
  ask(till: PairedTill | null): void;
  unpair(): Promise<boolean>;
}

export function createTillsStore(api: TillsApi = tillsApi()) {
  return create<TillsState>((set, get) => {
    const run = sectionRunner(get, set);
    return {
      ...idle,
      tills: [],
      code: null,
      confirming: null,
      load: async () => {
        await run(async () => set({ tills: await api.tills() }), false);
      },
      makeCode: (label) => run(async () => set({ code: await api.pairingCode(label.trim()) }), false),
      ask: (till) => set({ confirming: till }),
      unpair: () => {
        const till = get().confirming;
        if (!till) return Promise.resolve(false);
        return run(async () => {
          await api.unpair(till.id);
          set({ confirming: null, tills: get().tills.filter((x) => x.id !== till.id) });
        });
      },
    };
  });
}

export const useTills = createTillsStore();
