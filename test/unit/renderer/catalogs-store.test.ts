/** The catalogs browser without a DOM: entries of every catalog, drilling down and back, searching, paging, the rate. */
import { describe, expect, it } from 'vitest';
import type { CatalogsApi } from '../../../renderer/catalogs/api.ts';
import { addressEntry, cabysBrowseEntry, cabysCrumbs, tariffEntry } from '../../../renderer/catalogs/entries.ts';
import { createCatalogsStore } from '../../../renderer/catalogs/store.ts';
import type { CabysBrowseItem, CabysCodeDetail, CabysHit, Pagination, TariffCode } from '../../../renderer/catalogs/types.ts';

const page = (current: number, last: number): Pagination => ({ current_page: current, last_page: last, total: last * 2 });
const category = (code: string, description: string | null, level = code.length): CabysBrowseItem => ({ level, code, description, children: 2, codes: 40, tax_rate: null });
const cafe: CabysHit = { code: '2391102020000', description_9: 'Café tostado, descafeinado', description_1: 'Productos alimenticios', tax_rate: 13 };
const chapter: TariffCode = { code: '09', description: 'Coffee, tea, maté and spices', chapter: '09', heading: null, level: 2, is_leaf: false, section: 'II', section_name: 'Vegetable products' };
const heading: TariffCode = { code: '0901', description: 'Coffee', chapter: '09', heading: '0901', level: 4, is_leaf: false };
const subheading: TariffCode = { code: '090121', description: 'Coffee; roasted', chapter: '09', heading: '0901', level: 6, is_leaf: false };
const detail: CabysCodeDetail = {
  code: cafe.code, tax_rate: 13, includes_note: null, excludes_note: null, category_1: '2', description_1: 'Productos alimenticios', category_2: '23', description_2: null,
  category_3: '239', description_3: null, category_9: cafe.code, description_9: cafe.description_9,
};

/** A catalog server in memory that records the calls; `delay` holds a search's answer back. */
function fakeApi() {
  const calls: string[] = [];
  const held = new Map<string, () => void>();
  const wait = (q: string) => (q.startsWith('slow') ? new Promise<void>((resolve) => held.set(q, resolve)) : Promise.resolve());
  const api: CatalogsApi = {
    async searchCabys(q, p = 1) {
      calls.push(`searchCabys ${q} ${p}`);
      await wait(q);
      return { items: [{ ...cafe, description_9: `${q} ${p}` }], pagination: page(p, 2) };
    },
    cabysCategories: async () => (calls.push('categories'), [category('2', 'Productos alimenticios'), category('9', 'Servicios')]),
    async browseCabys(parent, p = 1) {
      calls.push(`browseCabys ${parent} ${p}`);
      return parent === '239' ? { items: [{ ...category(cafe.code, cafe.description_9, 9), tax_rate: 13, codes: 1, children: 0 }], pagination: page(1, 1) } : { items: [category(`${parent}3`, null)], pagination: page(1, 1) };
    },
    cabys: async (code) => (calls.push(`cabys ${code}`), detail),
    searchTariffs: async (q) => (calls.push(`searchTariffs ${q}`), { items: [heading, subheading], pagination: page(1, 1) }),
    tariffChapters: async () => [chapter],
    browseTariffs: async (parent) => (calls.push(`browseTariffs ${parent}`), parent === '09' ? [heading] : [subheading]),
    tariff: async (code) => (calls.push(`tariff ${code}`), { ...subheading, parent_code: '0901', children: [] }),
    searchAddresses: async () => ({ items: [], pagination: page(1, 1) }),
    provinces: async () => (calls.push('provinces'), [{ code: '1', name: 'San José' }]),
    cantons: async (p) => (calls.push(`cantons ${p}`), [{ code: '01', name: 'San José' }]),
    districts: async (p, c) => (calls.push(`districts ${p} ${c}`), [{ code: '01', name: 'Carmen' }]),
    neighborhoods: async (p, c, d) => (calls.push(`neighborhoods ${p} ${c} ${d}`), [{ code: '01', name: 'Amón' }]),
    activities: async (q) => (calls.push(`activities ${q}`), [{ code: '472102', name: 'VENTA AL POR MENOR DE FRUTAS' }]),
    exchangeRate: async () => ({ currency: 'USD', date: '2026-11-25', buy: '494.76', sell: '501.58', entity: 'bccr', source: 'hacienda', note: null, stale: false }),
  };
  return { api, calls, release: (q: string) => held.get(q)?.() };
}

describe('catalog entries', () => {
  it('CABYS: a category opens beneath it, a code opens its detail', () => {
    const path = [{ code: '2', label: 'Productos' }];
    expect(cabysBrowseEntry(category('23', null), path)).toEqual({ code: '23', label: null, codes: 40, target: { browse: [...path, { code: '23', label: '23' }] } });
    expect(cabysBrowseEntry({ ...category(cafe.code, 'Café', 9), tax_rate: 13 }, path)).toEqual({ code: cafe.code, label: 'Café', rate: 13, target: { detail: cafe.code } });
  });

  it('CABYS: an unnamed category shows the server\'s summary of what is beneath, marked as a summary', () => {
    const path = [{ code: '2', label: 'Productos' }];
    const summed = { ...category('239', null), label: 'Café tostado · Pimienta negra procesada' };
    expect(cabysBrowseEntry(summed, path)).toEqual({
      code: '239', label: 'Café tostado · Pimienta negra procesada', summary: true, codes: 40,
      target: { browse: [...path, { code: '239', label: 'Café tostado · Pimienta negra procesada', summary: true }] },
    });
    // A label that is only the code is no summary: the line says the level has no name.
    expect(cabysBrowseEntry({ ...category('239', null), label: '239' }, path).label).toBeNull();
    expect(cabysBrowseEntry({ ...category('2', 'Productos'), label: 'Productos' }, []).summary).toBeUndefined();
  });

  it('tariffs: chapters and headings are levels to browse, found ones with their crumbs; subheadings have a detail', () => {
    expect(tariffEntry(chapter, []).target).toEqual({ browse: [{ code: '09', label: 'Coffee, tea, maté and spices' }] });
    expect(tariffEntry(chapter, []).context).toBe('II Vegetable products');
    expect(tariffEntry(heading).target).toEqual({ browse: [{ code: '09', label: '09' }, { code: '0901', label: 'Coffee' }] });
    expect(tariffEntry(subheading).target).toEqual({ detail: '090121' });
  });

  it('locations found by name open the level they are in, named from their parents', () => {
    expect(addressEntry({ type: 'district', primary_text: 'Carmen', secondary_text: 'San José, San José', province: '1', canton: '01', district: '01' })).toEqual({
      code: '10101', label: 'Carmen', context: 'San José, San José',
      target: { browse: [{ code: '1', label: 'San José' }, { code: '01', label: 'San José' }, { code: '01', label: 'Carmen' }] },
    });
    expect(addressEntry({ type: 'neighborhood', primary_text: 'Amón', secondary_text: 'Carmen, San José, San José', province: '1', canton: '01', district: '01' }).target)
      .toEqual({ browse: [{ code: '1', label: 'San José' }, { code: '01', label: 'San José' }, { code: '01', label: 'Carmen' }] });
    expect(addressEntry({ type: 'province', primary_text: 'Heredia', secondary_text: '', province: '4' }).target).toEqual({ browse: [{ code: '4', label: 'Heredia' }] });
  });

  it('a CABYS code\'s levels are crumbs, unnamed ones by their label (or their code from a server without labels)', () => {
    expect(cabysCrumbs(detail)).toEqual([{ code: '2', label: 'Productos alimenticios' }, { code: '23', label: '23' }, { code: '239', label: '239' }]);
    expect(cabysCrumbs({ ...detail, label_1: 'Productos alimenticios', label_2: 'Azúcar · Café tostado', label_3: 'Café tostado' })).toEqual([
      { code: '2', label: 'Productos alimenticios' }, { code: '23', label: 'Azúcar · Café tostado', summary: true }, { code: '239', label: 'Café tostado', summary: true },
    ]);
  });
});

describe('catalogs store', () => {
  it('opens on the CABYS categories and today\'s rate, drills down to a code and back by its crumbs', async () => {
    const { api, calls } = fakeApi();
    const store = createCatalogsStore(api);
    await store.getState().init();
    expect(store.getState().rate?.sell).toBe('501.58');
    expect(store.getState().panes.cabys.entries.map((e) => e.code)).toEqual(['2', '9']);

    await store.getState().choose(); // the first category
    await store.getState().choose();
    expect(store.getState().panes.cabys.path.map((c) => c.code)).toEqual(['2', '23']);
    expect(calls).toContain('browseCabys 23 1');
    await store.getState().goTo([{ code: '2', label: '' }, { code: '23', label: '' }, { code: '239', label: '' }]);
    await store.getState().choose();
    expect(store.getState().detail).toEqual({ kind: 'cabys', cabys: detail });

    await store.getState().up();
    expect(store.getState().panes.cabys.path.map((c) => c.code)).toEqual(['2', '23']);
    expect(store.getState().detail).toBeNull();
  });

  it('searches as typed, opens a hit\'s detail, pages on, and leaves the search for the tree', async () => {
    const { api, calls } = fakeApi();
    const store = createCatalogsStore(api);
    await store.getState().init();
    store.getState().setQuery(' cafe ');
    await store.getState().search();
    await store.getState().search(); // the same text again: no second request
    expect(calls.filter((c) => c.startsWith('searchCabys'))).toEqual(['searchCabys cafe 1']);
    await store.getState().loadMore();
    const pane = store.getState().panes.cabys;
    expect(pane.entries.map((e) => e.label)).toEqual(['cafe 1', 'cafe 2']);
    expect(pane.more).toBe(false);
    store.getState().move(5);
    expect(store.getState().panes.cabys.selected).toBe(1);
    await store.getState().choose();
    expect(calls.at(-1)).toBe(`cabys ${cafe.code}`);

    await store.getState().up(); // out of the search, back where the tree was
    expect(store.getState().panes.cabys).toMatchObject({ query: '', searchedFor: '', path: [] });
    expect(store.getState().panes.cabys.entries.map((e) => e.code)).toEqual(['2', '9']);
  });

  it('shows the newest search when an older answer arrives late', async () => {
    const { api, release } = fakeApi();
    const store = createCatalogsStore(api);
    store.getState().setQuery('slow');
    const slow = store.getState().search();
    store.getState().setQuery('queso');
    await store.getState().search();
    release('slow');
    await slow;
    expect(store.getState().panes.cabys).toMatchObject({ searchedFor: 'queso', loading: false });
    expect(store.getState().panes.cabys.entries.map((e) => e.label)).toEqual(['queso 1']);
  });

  it('keeps each tab\'s place; locations go province, canton, district, neighbourhoods', async () => {
    const { api, calls } = fakeApi();
    const store = createCatalogsStore(api);
    await store.getState().init();
    await store.getState().setTab('locations');
    await store.getState().choose();
    await store.getState().choose();
    await store.getState().choose();
    expect(calls.slice(-4)).toEqual(['provinces', 'cantons 1', 'districts 1 01', 'neighborhoods 1 01 01']);
    expect(store.getState().panes.locations.entries).toEqual([{ code: '01', label: 'Amón', target: null }]);
    await store.getState().choose(); // a neighbourhood is the last level
    expect(calls.at(-1)).toBe('neighborhoods 1 01 01');

    await store.getState().setTab('cabys');
    await store.getState().setTab('locations');
    expect(calls.at(-1)).toBe('neighborhoods 1 01 01'); // loaded once, kept
    expect(store.getState().panes.locations.path.map((c) => c.label)).toEqual(['San José', 'San José', 'Carmen']);
  });

  it('tariffs: a found heading opens its level, a subheading its detail', async () => {
    const { api, calls } = fakeApi();
    const store = createCatalogsStore(api);
    await store.getState().setTab('tariffs');
    store.getState().setQuery('coffee');
    await store.getState().search();
    await store.getState().choose(0);
    expect(calls.slice(-2)).toEqual(['searchTariffs coffee', 'browseTariffs 0901']);
    await store.getState().choose(0);
    expect(store.getState().detail).toMatchObject({ kind: 'tariff', tariff: { code: '090121' } });
  });

  it('does not open a detail whose answer comes after the shopkeeper moved on', async () => {
    const { api } = fakeApi();
    let answer: (() => void) | undefined;
    const store = createCatalogsStore({ ...api, cabys: (code) => new Promise((resolve) => { answer = () => void api.cabys(code).then(resolve); }) });
    await store.getState().init();
    const opening = store.getState().openDetail(cafe.code);
    await store.getState().goTo([{ code: '2', label: 'Productos alimenticios' }]); // another level meanwhile
    answer!();
    await opening;
    expect(store.getState().detail).toBeNull();
  });

  it('lists the catalogs even when the exchange rate cannot be had', async () => {
    const { api } = fakeApi();
    const store = createCatalogsStore({ ...api, exchangeRate: async () => { throw new Error('offline'); } });
    await store.getState().init();
    expect(store.getState()).toMatchObject({ rate: null, rateError: new Error('offline'), error: null });
    expect(store.getState().panes.cabys.entries).toHaveLength(2);
  });
});
