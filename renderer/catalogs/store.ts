/**
 * The catalogs browser's state. Each tab (CABYS, tariff codes, locations, economic activities) is a pane:
 * a way down its tree (crumbs) and the entries there, or a search's results while there is a search text;
 * one entry is selected for the keyboard. A CABYS or tariff code opens its detail beside the list. Today's
 * exchange rate sits above all tabs. test/unit/renderer/catalogs-store.test.ts drives it with a fake API.
 */
import { create } from 'zustand';
import { asError } from '../shared/async-action.ts';
import { createCatalogsApi, type CatalogsApi } from './api.ts';
import { createSources } from './sources.ts';
import type { CabysCodeDetail, Crumb, Entry, ExchangeRate, Tab, TariffCodeDetail } from './types.ts';

export const TABS: readonly Tab[] = ['cabys', 'tariffs', 'locations', 'activities'];

export interface Pane {
  query: string;
  /** The search text the entries answer; '' while browsing. */
  searchedFor: string;
  path: Crumb[];
  entries: Entry[];
  page: number;
  more: boolean;
  selected: number;
  loaded: boolean;
  loading: boolean;
}

export type Detail = { kind: 'cabys'; cabys: CabysCodeDetail } | { kind: 'tariff'; tariff: TariffCodeDetail };

export interface CatalogsState {
  tab: Tab;
  panes: Record<Tab, Pane>;
  detail: Detail | null;
  rate: ExchangeRate | null;
  rateError: Error | null;
  error: Error | null;
  init(): Promise<void>;
  setTab(tab: Tab): Promise<void>;
  setQuery(query: string): void;
  /** The current query's results, or the tree level when it is blank. */
  search(): Promise<void>;
  /** The next page of what is listed. */
  loadMore(): Promise<void>;
  move(delta: number): void;
  /** Opens the selected entry (or the one at `index`): a level beneath it, or its detail. */
  choose(index?: number): Promise<void>;
  /** Browses the level beneath the last of `path` (none: the root), leaving any search. */
  goTo(path: Crumb[]): Promise<void>;
  up(): Promise<void>;
  openDetail(code: string): Promise<void>;
  closeDetail(): void;
}

const emptyPane = (): Pane => ({ query: '', searchedFor: '', path: [], entries: [], page: 1, more: false, selected: 0, loaded: false, loading: false });

export function createCatalogsStore(api: CatalogsApi = createCatalogsApi()) {
  const sources = createSources(api);
  return create<CatalogsState>((set, get) => {
    const pane = (tab = get().tab) => get().panes[tab];
    const patch = (tab: Tab, changes: Partial<Pane>) => set({ panes: { ...get().panes, [tab]: { ...get().panes[tab], ...changes } } });
    const requests: Record<Tab, number> = { cabys: 0, tariffs: 0, locations: 0, activities: 0 };
    // The detail asked for last; closing it, another tab or a tree level makes a late answer moot.
    let detailAsked = 0;
    const noDetail = () => {
      detailAsked++;
      set({ detail: null });
    };

    /** Lists a page of the tab's search or tree level; a newer request of the same tab wins over a late answer. */
    async function list(tab: Tab, searchedFor: string, path: Crumb[], page: number) {
      const ticket = ++requests[tab];
      patch(tab, { loading: true });
      try {
        const source = sources[tab];
        const answer = searchedFor ? await source.search(searchedFor, page) : await source.browse(path, page);
        if (ticket !== requests[tab]) return;
        const entries = page > 1 ? [...pane(tab).entries, ...answer.entries] : answer.entries;
        patch(tab, { searchedFor, path, entries, page, more: answer.more, loaded: true, ...(page > 1 ? {} : { selected: 0 }) });
        set({ error: null });
      } catch (error) {
        if (ticket === requests[tab]) set({ error: asError(error) });
      } finally {
        if (ticket === requests[tab]) patch(tab, { loading: false });
      }
    }

    return {
      tab: 'cabys',
      panes: { cabys: emptyPane(), tariffs: emptyPane(), locations: emptyPane(), activities: emptyPane() },
      detail: null,
      rate: null,
      rateError: null,
      error: null,

      async init() {
        const rate = api.exchangeRate().then((r) => set({ rate: r, rateError: null }), (error: unknown) => set({ rateError: asError(error) }));
        await Promise.all([rate, pane().loaded ? undefined : list(get().tab, '', [], 1)]);
      },

      async setTab(tab) {
        noDetail();
        set({ tab });
        if (!pane(tab).loaded) await list(tab, pane(tab).searchedFor, pane(tab).path, 1);
      },

      setQuery(query) {
        patch(get().tab, { query });
      },

      search() {
        const { tab } = get();
        const text = pane(tab).query.trim();
        if (text === pane(tab).searchedFor && pane(tab).loaded) return Promise.resolve();
        return list(tab, text, pane(tab).path, 1);
      },

      loadMore() {
        const { tab } = get();
        const p = pane(tab);
        if (!p.more || p.loading) return Promise.resolve();
        return list(tab, p.searchedFor, p.path, p.page + 1);
      },

      move(delta) {
        const p = pane();
        const n = p.entries.length;
        if (n > 0) patch(get().tab, { selected: Math.min(n - 1, Math.max(0, p.selected + delta)) });
      },

      async choose(index) {
        const p = pane();
        const i = index ?? p.selected;
        const entry = p.entries[i];
        if (!entry) return;
        patch(get().tab, { selected: i });
        if (!entry.target) return;
        if ('detail' in entry.target) await get().openDetail(entry.target.detail);
        else await get().goTo(entry.target.browse);
      },

      goTo(path) {
        const { tab } = get();
        // Browsing leaves the search: the tree level is what the shopkeeper asked for now. Said at once, so
        // the debounced search of the emptied box finds nothing left to do.
        patch(tab, { query: '', searchedFor: '', path });
        noDetail();
        return list(tab, '', path, 1);
      },

      up() {
        const p = pane();
        if (p.searchedFor) return get().goTo(p.path);
        return p.path.length > 0 ? get().goTo(p.path.slice(0, -1)) : Promise.resolve();
      },

      async openDetail(code) {
        const tab = get().tab;
        const asked = ++detailAsked;
        try {
          const detail: Detail | null = tab === 'cabys' ? { kind: 'cabys', cabys: await api.cabys(code) } : tab === 'tariffs' ? { kind: 'tariff', tariff: await api.tariff(code) } : null;
          if (asked === detailAsked) set({ detail, error: null });
        } catch (error) {
          if (asked === detailAsked) set({ error: asError(error) });
        }
      },

      closeDetail: noDetail,
    };
  });
}

export const useCatalogs = createCatalogsStore();
