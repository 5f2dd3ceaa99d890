/**
 * What every settings section's store shares: one action at a time, its failure kept in the server's
 * words, and "saved" shown until the next action.
 */
export interface SectionState {
  busy: boolean;
  error: Error | null;
  saved: boolean;
}

export const idle: SectionState = { busy: false, error: null, saved: false };

type Setter = (patch: Partial<SectionState>) => void;

/** Runs `action`; true when it succeeded. `saves`: a success shows "saved". */
export function sectionRunner(get: () => SectionState, set: Setter) {
  return async (action: () => Promise<void>, saves = true): Promise<boolean> => {
    if (get().busy) return false;
    set({ busy: true, error: null, saved: false });
    try {
      await action();
      set({ saved: saves });
      return true;
    } catch (error) {
      set({ error: error instanceof Error ? error : new Error(String(error)) });
      return false;
    } finally {
      set({ busy: false });
    }
  };
}
