/**
 * "Compras" state: the filtered page of suppliers' documents, the deadline summary for the banner, the open
 * document with its answer being filled in. Uploads and the bulk acceptance are batch-store.ts. No DOM.
 */
import { create } from 'zustand';
import { asError, runAction, type ActionMarks } from '../shared/async-action.ts';
import { answerInput, answerProblems, changeDraft, draftFor, type AnswerDraft } from './answer.ts';
import { createPurchasesApi, type PurchasesApi } from './api.ts';
import { emptyFilters, queryOf, type Filters } from './filters.ts';
import { announcePending } from './pending-signal.ts';
import type { Deadlines, Pagination, ReceivedDocument } from './types.ts';

export interface PurchasesState {
  filters: Filters;
  items: ReceivedDocument[];
  pagination: Pagination | null;
  page: number;
  loading: boolean;
  loaded: boolean;
  error: Error | null;
  deadlines: Deadlines | null;
  /** null while the deadline summary cannot be read (an older server): the banner stays hidden. */
  deadlinesError: Error | null;
  open: ReceivedDocument | null;
  draft: AnswerDraft | null;
  /** Set by the first send attempt, so problems show only once the shopkeeper tried. */
  tried: boolean;
  answering: boolean;
  answerError: Error | null;
  setFilter<K extends keyof Filters>(name: K, value: Filters[K]): void;
  clearFilters(): void;
  load(page?: number): Promise<void>;
  refreshDeadlines(): Promise<void>;
  openDocument(clave: string | null): Promise<void>;
  setDraft(changes: Partial<AnswerDraft>): void;
  answer(): Promise<boolean>;
  /** A document changed elsewhere (the bulk acceptance): its row and, when open, the panel. */
  replace(doc: ReceivedDocument): void;
}

const answerMarks: ActionMarks<PurchasesState> = { start: { answering: true, answerError: null }, failed: (error) => ({ answerError: asError(error) }), end: { answering: false } };

export function createPurchasesStore(api: PurchasesApi = createPurchasesApi()) {
  return create<PurchasesState>((set, get) => {
    // An answer asked for before a newer request (another filter, another page) is dropped.
    let listVersion = 0;
    let openVersion = 0;
    return {
      filters: emptyFilters(),
      items: [],
      pagination: null,
      page: 1,
      loading: false,
      loaded: false,
      error: null,
      deadlines: null,
      deadlinesError: null,
      open: null,
      draft: null,
      tried: false,
      answering: false,
      answerError: null,

      setFilter(name, value) {
        set({ filters: { ...get().filters, [name]: value } });
      },

      clearFilters() {
        set({ filters: { ...emptyFilters(), nearestFirst: get().filters.nearestFirst } });
      },

      async load(page = get().page) {
        const version = ++listVersion;
        set({ loading: true });
        try {
          const { items, pagination } = await api.list(queryOf(get().filters), page);
          if (version === listVersion) set({ items, pagination, page, loaded: true, error: null });
        } catch (error) {
          if (version === listVersion) set({ error: asError(error) });
        } finally {
          if (version === listVersion) set({ loading: false });
        }
      },

      async refreshDeadlines() {
        try {
          const deadlines = await api.deadlines();
          set({ deadlines, deadlinesError: null });
          announcePending(deadlines);
        } catch (error) {
          set({ deadlinesError: asError(error) });
        }
      },

      async openDocument(clave) {
        const version = ++openVersion;
        if (clave === null) {
          set({ open: null, draft: null, tried: false, answerError: null });
          return;
        }
        // The row is shown at once; the full document (findings in the current language) replaces it.
        const row = get().items.find((d) => d.clave === clave) ?? null;
        set({ open: row, draft: row ? draftFor(row) : null, tried: false, answerError: null });
        try {
          const doc = await api.get(clave);
          if (version !== openVersion) return;
          set({ open: doc, draft: get().open?.clave === clave && get().draft ? get().draft : draftFor(doc) });
        } catch (error) {
          if (version === openVersion) set({ answerError: asError(error) });
        }
      },

      setDraft(changes) {
        const { open, draft } = get();
        if (open && draft) set({ draft: changeDraft(open, draft, changes) });
      },

      async answer() {
        const { open, draft, answering } = get();
        if (!open || !draft || answering) return false;
        set({ tried: true });
        if (Object.keys(answerProblems(open, draft)).length > 0) return false;
        return runAction(set, answerMarks, async () => {
          const doc = await api.answer(open.clave, answerInput(draft));
          get().replace(doc);
          void get().refreshDeadlines();
        });
      },

      replace(doc) {
        set({ items: get().items.map((d) => (d.clave === doc.clave ? doc : d)) });
        if (get().open?.clave === doc.clave) set({ open: doc, draft: draftFor(doc), tried: false });
      },
    };
  });
}

export const usePurchases = createPurchasesStore();
