/**
 * Consecutive-number counters per branch (sucursal), terminal (punto de venta) and document type, per
 * environment. A counter only moves forward: a lower number could repeat a consecutive the tax authority
 * already has (the server refuses with counter_backwards; the form says so first).
 */
import { create } from 'zustand';
import type { Environment } from '../shared/environment.ts';
import { asError } from '../shared/async-action.ts';
import { settingsApi, type SettingsApi } from './api.ts';
import { idle, sectionRunner, type SectionState } from './section.ts';
import type { Counter, CounterInput } from './types.ts';

export interface CounterDraft {
  branch: string;
  terminal: string;
  document_type: string;
  next_value: string;
}

export type CounterProblem = 'branch' | 'terminal' | 'document_type' | 'next_value' | 'backwards';

/** The stored counter the draft would move, by the same padding the server stores (3 and 5 digits). */
export function existingCounter(counters: readonly Counter[], draft: CounterDraft): Counter | undefined {
  const branch = draft.branch.trim().padStart(3, '0');
  const terminal = draft.terminal.trim().padStart(5, '0');
  return counters.find((c) => c.branch === branch && c.terminal === terminal && c.document_type === draft.document_type);
}

export function counterProblem(counters: readonly Counter[], draft: CounterDraft): CounterProblem | null {
  if (!/^\d{1,3}$/.test(draft.branch.trim())) return 'branch';
  if (!/^\d{1,5}$/.test(draft.terminal.trim())) return 'terminal';
  if (!/^(0[1-9]|10)$/.test(draft.document_type)) return 'document_type';
  const next = Number(draft.next_value.trim());
  if (!/^\d{1,10}$/.test(draft.next_value.trim()) || next < 1) return 'next_value';
  const existing = existingCounter(counters, draft);
  return existing && next < existing.next_value ? 'backwards' : null;
}

export function counterBody(draft: CounterDraft, environment: Environment): CounterInput {
  return {
    branch: draft.branch.trim(),
    terminal: draft.terminal.trim(),
    document_type: draft.document_type,
    next_value: Number(draft.next_value.trim()),
    environment,
  };
}

export interface CountersState extends SectionState {
  environment: Environment;
  counters: Counter[];
  load(environment: Environment): Promise<void>;
  save(draft: CounterDraft): Promise<boolean>;
}

export function createCountersStore(api: Pick<SettingsApi, 'counters' | 'setCounter'> = settingsApi()) {
  return create<CountersState>((set, get) => {
    const run = sectionRunner(get, set);
    // Not through `run`: a list asked for while another action runs (the profile's environment arriving
    // after the first list, a save) must not be skipped, and only the newest environment's answer counts.
    let listed = 0;
    return {
      ...idle,
      environment: 'staging',
      counters: [],
      load: async (environment) => {
        const ticket = ++listed;
        set({ environment, counters: [], error: null, saved: false });
        try {
          const counters = await api.counters(environment);
          if (ticket === listed) set({ counters });
        } catch (error) {
          if (ticket === listed) set({ error: asError(error) });
        }
      },
      save: (draft) => run(async () => {
        const problem = counterProblem(get().counters, draft);
        if (problem) throw new Error(`counter_${problem}`);
        const { environment } = get();
        await api.setCounter(counterBody(draft, environment));
        const ticket = ++listed;
        const counters = await api.counters(environment);
        if (ticket === listed) set({ counters });
      }),
    };
  });
}
