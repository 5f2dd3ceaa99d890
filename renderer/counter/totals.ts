/**
 * The ticket's live total before issuing: the draft goes to POST /hacienda/validate, which answers the
 * engine's own totals and line amounts (docs/draft-totals.md), so the renderer does no tax maths. The
 * screen calls `refresh` debounced as the lines change; only the newest answer is kept.
 */
import { create } from 'zustand';
import type { DraftLineAmounts } from '../api/draft-check.ts';
import { counterApi, type CounterApi } from './api.ts';
import { decimalOf } from '../shared/decimal.ts';

export interface DraftTotals {
  /** Decimal text, as the engine computed them. */
  total: string;
  discount: string;
  taxes: string;
  lines: DraftLineAmounts[];
}

export interface TotalsState {
  totals: DraftTotals | null;
  /** Why the draft is not valid yet ("items.0.discount: …"), from the server. */
  problems: string[];
  /** What the answer is about (the screen passes its lines): totals of other lines are not shown as theirs. */
  source: unknown;
  /** `draft` null: nothing to total (no lines). */
  refresh(draft: unknown | null, source?: unknown): Promise<void>;
}

export function createTotalsStore(api: Pick<CounterApi, 'validate'>) {
  let latest = 0;
  return create<TotalsState>((set) => ({
    totals: null,
    problems: [],
    source: undefined,
    async refresh(draft, source) {
      const call = ++latest;
      if (draft === null) return set({ totals: null, problems: [], source });
      try {
        const check = await api.validate(draft);
        if (call !== latest) return; // lines changed meanwhile: a newer answer is on its way
        const t = check.totals;
        set(check.valid && t
          ? { totals: { total: decimalOf(t['total'] ?? 0), discount: decimalOf(t['total_discount'] ?? 0), taxes: decimalOf(t['total_taxes'] ?? 0), lines: check.lines ?? [] }, problems: [], source }
          : { totals: null, problems: check.errors ?? [], source });
      } catch {
        // No total is better than a wrong one; issuing shows the real error.
        if (call === latest) set({ totals: null, problems: [], source });
      }
    },
  }));
}

export const useTotals = createTotalsStore(counterApi());
