/**
 * Cross-screen actions go through here, never through another screen's store: a screen sends the
 * shopkeeper to another (the address's `#screen`, which App.tsx routes) with what that one needs, and the
 * other takes it when it opens. Documents starts a note on the invoice screen; the invoice just issued opens
 * in Documents.
 */
import type { DocumentDetail } from '../api/types.ts';

/** What each screen can be handed when the shopkeeper is sent there. */
export interface Handovers {
  /** Start a credit (03) or debit (02) note from this document; its signed XML gives the lines. */
  invoice: { note: '02' | '03'; source: DocumentDetail & { signed_xml?: string } };
  /** Open this document (its clave) in the detail panel. */
  documents: { open: string };
}

export type ScreenWithHandover = keyof Handovers;

const pending: { [S in ScreenWithHandover]?: Handovers[S] } = {};

/** Types a credit or debit note may be started from in Documents (the invoice screen writes the note). */
export const NOTE_SOURCES: readonly string[] = ['01', '02', '04', '09'];

/** Opens `screen`, which finds `handover` when it opens (`takeHandover`). */
export function openScreen<S extends ScreenWithHandover>(screen: S, handover: Handovers[S]): void {
  pending[screen] = handover;
  globalThis.location.hash = screen;
}

/** What this screen was handed, once: a later opening of the screen starts as usual. */
export function takeHandover<S extends ScreenWithHandover>(screen: S): Handovers[S] | undefined {
  const handover = pending[screen];
  delete pending[screen];
  return handover;
}
