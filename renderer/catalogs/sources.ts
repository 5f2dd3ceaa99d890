/**
 * Where each tab's entries come from: its tree, level by level, and its search. The store is the same for
 * every catalog; only these functions differ.
 */
import type { CatalogsApi } from './api.ts';
import { activityEntry, addressEntry, cabysBrowseEntry, cabysHitEntry, placeEntry, tariffEntry } from './entries.ts';
import type { Crumb, EntryPage, Pagination, Tab } from './types.ts';

export interface Source {
  /** The entries beneath the last crumb (the root without crumbs). */
  browse(path: Crumb[], page: number): Promise<EntryPage>;
  search(text: string, page: number): Promise<EntryPage>;
}

const more = (p: Pagination) => p.current_page < p.last_page;
const whole = <T>(items: T[], toEntry: (item: T) => EntryPage['entries'][number]): EntryPage => ({ entries: items.map(toEntry), more: false });

export function createSources(api: CatalogsApi): Record<Tab, Source> {
  return {
    cabys: {
      async browse(path, page) {
        const parent = path.at(-1);
        if (!parent) return whole(await api.cabysCategories(), (c) => cabysBrowseEntry(c, path));
        const { items, pagination } = await api.browseCabys(parent.code, page);
        return { entries: items.map((c) => cabysBrowseEntry(c, path)), more: more(pagination) };
      },
      async search(text, page) {
        const { items, pagination } = await api.searchCabys(text, page);
        return { entries: items.map(cabysHitEntry), more: more(pagination) };
      },
    },
    tariffs: {
      async browse(path) {
        const parent = path.at(-1);
        return whole(parent ? await api.browseTariffs(parent.code) : await api.tariffChapters(), (c) => tariffEntry(c, path));
      },
      async search(text, page) {
        const { items, pagination } = await api.searchTariffs(text, page);
        return { entries: items.map((c) => tariffEntry(c)), more: more(pagination) };
      },
    },
    locations: {
      async browse(path) {
        const [p, c, d] = path.map((crumb) => crumb.code);
        const places = d && c && p ? await api.neighborhoods(p, c, d) : c && p ? await api.districts(p, c) : p ? await api.cantons(p) : await api.provinces();
        return whole(places, (place) => placeEntry(place, path));
      },
      async search(text, page) {
        const { items, pagination } = await api.searchAddresses(text, page);
        return { entries: items.map(addressEntry), more: more(pagination) };
      },
    },
    activities: {
      async browse() {
        return whole(await api.activities(''), activityEntry);
      },
      async search(text) {
        return whole(await api.activities(text), activityEntry);
      },
    },
  };
}
