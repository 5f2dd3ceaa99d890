/**
 * The two "several at once" actions of "Compras": an upload of several files (one form; the server answers
 * file by file) and accepting several pending documents, one call after another so each has its own
 * answer, with the progress shown and every document's result kept. Either one at a time.
 */
import { create } from 'zustand';
import { asError, runAction, type ActionMarks } from '../shared/async-action.ts';
import { createPurchasesApi, type PurchasesApi } from './api.ts';
import { answerable } from './filters.ts';
import { usePurchases } from './store.ts';
import type { FileResult, ReceivedDocument } from './types.ts';

export interface BulkResult {
  clave: string;
  consecutive: string;
  ok: boolean;
  /** The server's words when it refused. */
  message?: string;
}

export interface BatchState {
  uploading: boolean;
  uploaded: FileResult[] | null;
  uploadError: Error | null;
  /** Claves ticked in the list for the bulk acceptance (those still answerable on the page count: `chosen`). */
  selected: string[];
  bulk: { total: number; results: BulkResult[]; running: boolean } | null;
  upload(files: readonly File[]): Promise<void>;
  dismissUpload(): void;
  toggle(clave: string): void;
  setSelected(claves: string[]): void;
  acceptSelected(): Promise<void>;
  dismissBulk(): void;
}

/** The ticked claves still on the page and still answerable (another filter, an answer since, leave them out). */
export function chosen(selected: readonly string[], items: readonly ReceivedDocument[]): string[] {
  return selected.filter((clave) => items.some((d) => d.clave === clave && answerable(d)));
}

const uploadMarks: ActionMarks<BatchState> = { start: { uploading: true, uploaded: null, uploadError: null }, failed: (error) => ({ uploadError: asError(error) }), end: { uploading: false } };

export function createBatchStore(api: PurchasesApi = createPurchasesApi(), purchases = usePurchases) {
  return create<BatchState>((set, get) => ({
    uploading: false,
    uploaded: null,
    uploadError: null,
    selected: [],
    bulk: null,

    async upload(files) {
      if (files.length === 0 || get().uploading) return;
      await runAction(set, uploadMarks, async () => {
        set({ uploaded: (await api.upload(files)).files });
        await Promise.all([purchases.getState().load(1), purchases.getState().refreshDeadlines()]);
      });
    },

    dismissUpload() {
      set({ uploaded: null, uploadError: null });
    },

    toggle(clave) {
      const selected = get().selected;
      set({ selected: selected.includes(clave) ? selected.filter((c) => c !== clave) : [...selected, clave] });
    },

    setSelected(claves) {
      set({ selected: claves });
    },

    async acceptSelected() {
      const claves = chosen(get().selected, purchases.getState().items);
      if (claves.length === 0 || get().bulk?.running) return;
      const consecutiveOf = (clave: string) => purchases.getState().items.find((d) => d.clave === clave)?.consecutive ?? clave;
      const results: BulkResult[] = [];
      set({ bulk: { total: claves.length, results, running: true } });
      for (const clave of claves) {
        try {
          // The server's defaults: CondicionImpuesto 01, the whole tax as credit.
          purchases.getState().replace(await api.answer(clave, { message: 1 }));
          results.push({ clave, consecutive: consecutiveOf(clave), ok: true });
        } catch (error) {
          results.push({ clave, consecutive: consecutiveOf(clave), ok: false, message: asError(error).message });
        }
        set({ bulk: { total: claves.length, results: [...results], running: true } });
      }
      set({ bulk: { total: claves.length, results, running: false }, selected: [] });
      await purchases.getState().refreshDeadlines();
    },

    dismissBulk() {
      set({ bulk: null });
    },
  }));
}

export const useBatch = createBatchStore();
