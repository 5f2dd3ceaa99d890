/**
 * Which till this screen is (docs/tills.md): the branch and terminal of its consecutives, its shift and its
 * printer. A property of the PC, not of the shop, so it is remembered in this browser's localStorage; the
 * counter issues on it and the shift screens open and close its shift.
 */
import { create } from 'zustand';

export interface Till {
  branch: string; // 3 digits
  terminal: string; // 5 digits
}

const STORAGE_KEY = 'facturador.till';
export const DEFAULT_TILL: Till = { branch: '001', terminal: '00001' };

const digits = (value: unknown, width: number) => (typeof value === 'string' && /^\d{1,5}$/.test(value) && value.length <= width ? value.padStart(width, '0') : undefined);

function storedTill(): Till {
  try {
    const parsed = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Till> | null;
    const branch = digits(parsed?.branch, 3);
    const terminal = digits(parsed?.terminal, 5);
    return branch && terminal ? { branch, terminal } : DEFAULT_TILL;
  } catch {
    return DEFAULT_TILL; // storage refused or garbled: the first till
  }
}

interface TillState {
  till: Till;
  setTill(till: Till): void;
}

export const useTill = create<TillState>((set) => ({
  till: storedTill(),
  setTill(till) {
    const next = { branch: till.branch.padStart(3, '0'), terminal: till.terminal.padStart(5, '0') };
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // not remembered; still this till for this page
    }
    set({ till: next });
  },
}));
