/**
 * The invoice's two search boxes (the party and the lines), one behaviour for both: the search runs a
 * moment after the last keystroke; ↑/↓ move through the hits, Enter takes the chosen one (searching first
 * when Enter comes sooner than the delay), Esc empties the box and its hits. The counter's box has keys of
 * its own (Del, `3*`, a scanner's Enter), not these.
 */
import { useEffect, type KeyboardEvent } from 'react';

export interface SearchBox {
  hits: number;
  search(): Promise<void>;
  move(delta: number): void;
  choose(): void;
  clear(): void;
}

/** The key handler; `box` is read at each key press (and again after a search), so it sees the store as it is then. */
export function searchKeys(box: () => SearchBox) {
  return async (e: KeyboardEvent<HTMLInputElement>) => {
    const b = box();
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      b.move(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      if (b.hits === 0) await b.search();
      box().choose();
    } else if (e.key === 'Escape') {
      b.clear();
    }
  };
}

/** Searches `delayMs` after `query` last changed; returns the box's key handler. */
export function useSearchBox(query: string, delayMs: number, box: () => SearchBox) {
  useEffect(() => {
    const timer = setTimeout(() => void box().search(), delayMs);
    return () => clearTimeout(timer);
  }, [query]);
  return searchKeys(box);
}
