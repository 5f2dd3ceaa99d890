/**
 * The documents list (filtered, paged with the server's cursor), the one opened, and what the shopkeeper
 * does with it (e-mail, void). Statuses are polled while any document shown still waits for the tax
 * authority (processing, sent, queued) and the polling stops once every one is final.
 */
import { create } from 'zustand';
import { ApiRequestError, BACKGROUND } from '../api/client.ts';
import { asError, runAction } from '../shared/async-action.ts';
import { createDocumentsApi, type DocumentsApi } from './api.ts';
import { NO_FILTERS, type DocumentFilters } from './filters.ts';
import { createPoller, isFinal } from '../shared/poller.ts';
import type { DocumentPage, FullDocument, ListedDocument, VoidRecord } from './types.ts';

/** A failed request: the server's words and the API's error code (the screen has words of its own for some). */
export interface ActionError {
  message: string;
  code: string | null;
}

export interface DocumentsState {
  filters: DocumentFilters;
  items: ListedDocument[];
  nextCursor: string | null;
  loading: boolean;
  /** Loading the list or the open document failed. */
  error: ActionError | null;
  openKey: string | null;
  detail: FullDocument | null;
  /** Voids asked for, by the original's clave. */
  voids: Record<string, VoidRecord>;
  busy: 'email' | 'void' | null;
  /** What the last action did, for the detail panel ("e-mail queued"…). */
  notice: { kind: 'email' | 'void'; text: string } | null;
  actionError: ActionError | null;
  setFilter(name: keyof DocumentFilters, value: string): void;
  clearFilters(): void;
  refresh(): Promise<void>;
  loadMore(): Promise<void>;
  open(key: string | null): Promise<void>;
  /** Anything shown still waiting for the tax authority. */
  pending(): boolean;
  /** One round of the live status: list, open document, voids; true while something still waits. */
  poll(): Promise<boolean>;
  /** The screen is showing: keep statuses live (until nothing waits). */
  watch(): void;
  unwatch(): void;
  email(recipients: string[]): Promise<boolean>;
  voidOpen(reason?: string): Promise<boolean>;
}

/**
 * A fresh first page over what is loaded: its rows replace theirs (a status moved, a document arrived);
 * rows older than it that came from "more" stay, and so does the cursor past them.
 */
export function mergePage(loaded: readonly ListedDocument[], loadedCursor: string | null, page: DocumentPage): { items: ListedDocument[]; nextCursor: string | null } {
  if (page.next_cursor === null || page.data.length === 0) return { items: [...page.data], nextCursor: page.next_cursor };
  const oldest = Math.min(...page.data.map((d) => Number(d.id)));
  const older = loaded.filter((d) => Number(d.id) < oldest);
  return older.length > 0 ? { items: [...page.data, ...older], nextCursor: loadedCursor } : { items: [...page.data], nextCursor: page.next_cursor };
}

/** How a document stands with respect to voiding: by a credit note accepted, one under way, or one refused. */
export function voidStateOf(key: string, voids: Readonly<Record<string, VoidRecord>>): 'voided' | 'voiding' | 'void_failed' | null {
  const record = voids[key];
  if (!record) return null;
  if (record.status === 'accepted') return 'voided';
  return isFinal(record.status) ? 'void_failed' : 'voiding';
}

const actionError = (error: unknown): ActionError => ({ message: asError(error).message, code: error instanceof ApiRequestError ? error.code : null });

export function createDocumentsStore(api: DocumentsApi = createDocumentsApi(), pollMs = 3000) {
  return create<DocumentsState>((set, get) => {
    /** Numbers first-page requests: only the latest answer is applied. */
    let listSeq = 0;
    /** Counts filter changes (refreshes): a "more" page of older filters is dropped. */
    let generation = 0;
    /** A refresh has not been applied yet: until it is, every first page replaces the list. */
    let replacePending = false;
    let watching = false;
    const poller = createPoller(() => get().poll(), pollMs);
    const keepWatching = () => {
      if (watching && get().pending()) poller.start();
    };
    /** E-mail and void: the one running shown as `busy`, its failure on the detail panel. */
    const act = (busy: 'email' | 'void', action: () => Promise<void>) =>
      runAction(set, { start: { busy, notice: null, actionError: null }, failed: (error) => ({ actionError: actionError(error) }), end: { busy: null } }, action);

    /** `replace`: the filters changed, so nothing loaded before belongs to the list any more. */
    // `extra` is BACKGROUND from poll() only: a poll is not the cashier at work, and must not keep the
    // session from locking after the shop's idle minutes (renderer/api/client.ts).
    async function firstPage(replace: boolean, extra?: Record<string, string>): Promise<void> {
      const seq = ++listSeq;
      const replacing = replace || replacePending;
      const page = await api.list(get().filters, null, extra);
      if (seq !== listSeq) return;
      if (replacing) replacePending = false;
      set({ ...(replacing ? { items: page.data, nextCursor: page.next_cursor } : mergePage(get().items, get().nextCursor, page)), error: null });
    }

    async function refreshVoids(extra?: Record<string, string>): Promise<void> {
      const waiting = Object.entries(get().voids).filter(([, v]) => !isFinal(v.status));
      await Promise.all(waiting.map(async ([original, v]) => {
        const note = await api.document(v.creditNote, extra);
        if (get().voids[original]?.creditNote !== v.creditNote) return; // another credit note voids it now
        set({ voids: { ...get().voids, [original]: { ...v, consecutive: note.consecutive_number, status: note.status } } });
      }));
    }

    async function loadDetail(key: string, extra?: Record<string, string>): Promise<void> {
      const detail = await api.document(key, extra);
      if (get().openKey !== key) return;
      // A void the server knows of (another window, an earlier session, or a new one after a refused credit
      // note): follow its credit note too.
      const creditNote = detail.voided_by;
      const known = creditNote && get().voids[key]?.creditNote !== creditNote ? { [key]: { creditNote, consecutive: '', status: 'processing' } } : null;
      set({ detail, voids: { ...get().voids, ...known }, error: null });
      if (known) await refreshVoids(extra);
    }

    return {
      filters: NO_FILTERS,
      items: [],
      nextCursor: null,
      loading: false,
      error: null,
      openKey: null,
      detail: null,
      voids: {},
      busy: null,
      notice: null,
      actionError: null,

      setFilter(name, value) {
        set({ filters: { ...get().filters, [name]: value } });
      },

      clearFilters() {
        set({ filters: NO_FILTERS });
      },

      async refresh() {
        set({ loading: true });
        generation++;
        replacePending = true;
        try {
          await firstPage(true);
        } catch (error) {
          set({ error: actionError(error) });
        } finally {
          set({ loading: false });
        }
        keepWatching();
      },

      async loadMore() {
        const cursor = get().nextCursor;
        if (!cursor || get().loading) return;
        const gen = generation;
        set({ loading: true });
        try {
          const page = await api.list(get().filters, cursor);
          if (gen === generation) set({ items: [...get().items, ...page.data], nextCursor: page.next_cursor });
        } catch (error) {
          set({ error: actionError(error) });
        } finally {
          set({ loading: false });
        }
        keepWatching();
      },

      async open(key) {
        set({ openKey: key, notice: null, actionError: null, ...(key === null || key !== get().detail?.document_key ? { detail: null } : {}) });
        if (key === null) return;
        try {
          await loadDetail(key);
        } catch (error) {
          set({ error: actionError(error) });
        }
        keepWatching();
      },

      pending() {
        const { items, detail, voids } = get();
        return items.some((d) => !isFinal(d.status)) || (detail !== null && !isFinal(detail.status)) || Object.values(voids).some((v) => !isFinal(v.status));
      },

      async poll() {
        const key = get().openKey;
        await Promise.all([firstPage(false, BACKGROUND), key ? loadDetail(key, BACKGROUND) : Promise.resolve(), refreshVoids(BACKGROUND)]);
        return watching && get().pending();
      },

      watch() {
        watching = true;
        keepWatching();
      },

      unwatch() {
        watching = false;
        poller.stop();
      },

      async email(recipients) {
        const key = get().openKey;
        if (!key || get().busy) return false;
        return act('email', async () => {
          const queued = await api.email(key, recipients);
          set({ notice: { kind: 'email', text: queued.recipients.join(', ') } });
        });
      },

      async voidOpen(reason) {
        const key = get().openKey;
        if (!key || get().busy) return false;
        return act('void', async () => {
          const note = await api.void(key, reason?.trim() || undefined);
          set({ voids: { ...get().voids, [note.voids]: { creditNote: note.document_key, consecutive: note.consecutive_number, status: note.status } }, notice: { kind: 'void', text: note.consecutive_number } });
          // The credit note joins the list and the original shows its balance gone; the poll retries otherwise.
          await Promise.all([firstPage(false), loadDetail(key)]).catch(() => undefined);
          keepWatching();
        });
      },
    };
  });
}

export type DocumentsStore = ReturnType<typeof createDocumentsStore>;

export const useDocuments = createDocumentsStore();
