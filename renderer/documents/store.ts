/**
 * The documents list and the one opened. Polled while open, so statuses move from processing/queued to
 * accepted/rejected without the shopkeeper asking.
 */
import { create } from 'zustand';
import { api as defaultApi, type ApiClient } from '../api/client.ts';
import type { DocumentDetail, DocumentListItem } from '../api/types.ts';

export interface DocumentsState {
  items: DocumentListItem[];
  loading: boolean;
  error: string | null;
  openKey: string | null;
  detail: DocumentDetail | null;
  refresh(): Promise<void>;
  open(key: string | null): Promise<void>;
}

export function createDocumentsStore(api: Pick<ApiClient, 'documents' | 'document'> = defaultApi) {
  return create<DocumentsState>((set, get) => ({
    items: [],
    loading: false,
    error: null,
    openKey: null,
    detail: null,

    async refresh() {
      set({ loading: true });
      try {
        const items = await api.documents();
        set({ items, error: null });
        const key = get().openKey;
        if (key) await get().open(key);
      } catch (error) {
        set({ error: error instanceof Error ? error.message : String(error) });
      } finally {
        set({ loading: false });
      }
    },

    async open(key) {
      if (key === null) {
        set({ openKey: null, detail: null });
        return;
      }
      set({ openKey: key });
      try {
        const detail = await api.document(key);
        if (get().openKey === key) set({ detail, error: null });
      } catch (error) {
        set({ error: error instanceof Error ? error.message : String(error) });
      }
    },
  }));
}

export const useDocuments = createDocumentsStore();
