/**
 * What every settings section's store shares: one action at a time, its failure kept in the server's
 * words, and "saved" shown until the next action.
 */
import { busyMarks, runAction, type ActionMarks, type BusyState } from '../shared/async-action.ts';

export interface SectionState extends BusyState {
  saved: boolean;
}

export const idle: SectionState = { busy: false, error: null, saved: false };

type Setter = (patch: Partial<SectionState>) => void;

/** The busy store's marks (renderer/shared/async-action.ts), and "saved" hidden while an action runs. */
const marks: ActionMarks<SectionState> = { ...busyMarks, start: { ...busyMarks.start, saved: false } };

/** Runs `action`; true when it succeeded. `saves`: a success shows "saved". */
export function sectionRunner(get: () => SectionState, set: Setter) {
  return (action: () => Promise<void>, saves = true): Promise<boolean> => {
    if (get().busy) return Promise.resolve(false);
    return runAction(set, marks, async () => {
      await action();
      set({ saved: saves });
    });
  };
}
