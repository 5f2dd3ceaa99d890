/**
 * How the top bar's count (PendingBadge.tsx, in the initial bundle) learns of a newer deadline summary read
 * by "Compras" (after an upload or an answer) without asking the server again: a window event carrying
 * the counts. No screen's store is imported by the shell.
 */
export interface PendingCounts {
  pending: number;
  closing: number;
}

const EVENT = 'facturador:pending-answers';

export function announcePending(counts: PendingCounts): void {
  globalThis.dispatchEvent?.(new CustomEvent<PendingCounts>(EVENT, { detail: { pending: counts.pending, closing: counts.closing } }));
}

/** Calls `listener` with every announced summary; returns the unsubscription. */
export function onPending(listener: (counts: PendingCounts) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<PendingCounts>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
