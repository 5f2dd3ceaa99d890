/**
 * The products screen's state: the list and its search (code, description, barcode, CABYS), the product
 * open in the form (or a new one) with its CABYS search, and the CSV import with its per-row report.
 * test/unit/renderer/products-store.test.ts drives it with a fake API.
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import type { CabysCode, TaxRateEntry } from '../api/types.ts';
import type { Language } from '../i18n/store.ts';
import { asError } from '../shared/async-action.ts';
import { noSavedItems, removeOpen, saveDraft, type SavedItemsState } from '../shared/saved-list.ts';
import { createProductsApi, type ProductsApi } from './api.ts';
import { applyCabys, draftOf, draftProblems, emptyDraft, inputOf, type ProductDraft } from './draft.ts';
import type { ImportReport, Product } from './types.ts';

/** What the right side shows: a product's form, the CSV import, or nothing yet. */
export type Panel = 'form' | 'import' | null;

export interface CabysSearch {
  query: string;
  hits: CabysCode[];
  state: 'idle' | 'searching' | 'done' | 'failed';
}

export interface ProductsState extends SavedItemsState<Product, ProductDraft> {
  /** The last page of the list read ("Mostrar más" reads the next). */
  page: number;
  panel: Panel;
  rates: TaxRateEntry[];
  /** The shop's "prices include VAT" setting (organization profile): a new product starts with it. */
  shopPricesIncludeVat: boolean;
  cabys: CabysSearch;
  importing: boolean;
  /** The last import's answer: counts and each refused row. */
  report: ImportReport | null;
  /** Why a whole file was refused (its header), in the server's words. */
  importRefused: string[];
  more(): Promise<void>;
  open(product: Product, language: Language): void;
  startNew(): void;
  close(): void;
  setDraft(changes: Partial<ProductDraft>): void;
  setCabysQuery(query: string): void;
  searchCabys(): Promise<void>;
  pickCabys(hit: CabysCode): void;
  save(): Promise<boolean>;
  remove(): Promise<void>;
  openImport(): void;
  importCsv(csv: string): Promise<void>;
}

const NO_CABYS: CabysSearch = { query: '', hits: [], state: 'idle' };

export function createProductsStore(api: ProductsApi = createProductsApi()) {
  return create<ProductsState>((set, get) => {
    const fail = (error: unknown) => set({ error: asError(error) });
    let listed = 0; // answers of older searches arrive late: only the newest one counts
    let form = 0; // each product put in the form is another form: answers asked for the one before stay out
    let cabysAsked = 0;

    /** The rates turn a CABYS code's percentage into its rate code; read once (the client caches them). */
    const loadRates = () => {
      if (get().rates.length === 0) api.taxRates().then((rates) => set({ rates }), fail);
    };
    // The shop's setting, read with the first list; without an answer a new product keeps the default (on).
    let profileAsked = false;
    const loadShopSetting = () => {
      if (profileAsked) return;
      profileAsked = true;
      api.organization().then((profile) => set({ shopPricesIncludeVat: profile.prices_include_vat !== false }), () => { profileAsked = false; });
    };

    function edit(openId: number | 'new', draft: ProductDraft) {
      form++;
      cabysAsked++;
      set({ panel: 'form', openId, draft, tried: false, fieldErrors: {}, saved: false, cabys: NO_CABYS, error: null });
      loadRates();
    }

    return {
      ...noSavedItems<Product, ProductDraft>(),
      page: 1,
      panel: null,
      rates: [],
      shopPricesIncludeVat: true,
      cabys: NO_CABYS,
      importing: false,
      report: null,
      importRefused: [],

      async load() {
        loadShopSetting();
        const ticket = ++listed;
        try {
          const { items, pagination } = await api.list(get().search);
          if (ticket === listed) set({ items, total: pagination.total, page: 1, loaded: true, error: null });
        } catch (error) {
          fail(error);
        }
      },

      async more() {
        const ticket = ++listed;
        const page = get().page + 1;
        try {
          const { items, pagination } = await api.list(get().search, page);
          if (ticket === listed) set({ items: [...get().items, ...items], total: pagination.total, page });
        } catch (error) {
          fail(error);
        }
      },

      setSearch(search) {
        set({ search });
      },

      open(product, language) {
        edit(product.id, draftOf(product, language));
        // The saved code's words, for the shopkeeper to see what it is; the form works without them.
        const asked = form;
        api.cabys(product.cabys_code).then((entry) => {
          const draft = get().draft;
          if (asked === form && draft?.cabys_code === entry.code) set({ draft: { ...draft, cabys_description: entry.description_9 } });
        }, () => undefined);
      },

      startNew() {
        edit('new', emptyDraft(get().shopPricesIncludeVat));
      },

      close() {
        form++;
        cabysAsked++;
        set({ panel: null, openId: null, draft: null, fieldErrors: {}, saved: false, cabys: NO_CABYS });
      },

      setDraft(changes) {
        const draft = get().draft;
        if (draft) set({ draft: { ...draft, ...changes }, saved: false });
      },

      setCabysQuery(query) {
        set({ cabys: { ...get().cabys, query } });
      },

      async searchCabys() {
        const query = get().cabys.query.trim();
        const ticket = ++cabysAsked;
        if (query === '') return set({ cabys: NO_CABYS });
        set({ cabys: { query: get().cabys.query, hits: get().cabys.hits, state: 'searching' } });
        try {
          const hits = await api.searchCabys(query);
          if (ticket === cabysAsked) set({ cabys: { query: get().cabys.query, hits, state: 'done' } });
        } catch {
          if (ticket === cabysAsked) set({ cabys: { query: get().cabys.query, hits: [], state: 'failed' } });
        }
      },

      pickCabys(hit) {
        const draft = get().draft;
        if (!draft) return;
        cabysAsked++;
        set({ draft: applyCabys(draft, hit, get().rates), cabys: NO_CABYS, saved: false });
      },

      save() {
        const asked = form;
        return saveDraft(get, set, {
          problems: draftProblems,
          send: (draft, openId) => (openId === 'new' ? api.create(inputOf(draft)) : api.replace(openId, inputOf(draft))),
          // The form keeps what was typed, now saved; another product opened meanwhile stays open.
          saved: (product) => asked === form && set({ openId: product.id, tried: false, saved: true }),
        });
      },

      remove: () => removeOpen(get(), api.remove, fail),

      openImport() {
        get().close();
        set({ panel: 'import', report: null, importRefused: [], error: null });
      },

      async importCsv(csv) {
        if (get().importing) return;
        set({ importing: true, report: null, importRefused: [], error: null });
        try {
          const report = await api.importCsv(csv);
          set({ report });
          await get().load();
        } catch (error) {
          // A header that cannot be read refuses the whole file: its reasons are shown as a list.
          const header = error instanceof ApiRequestError ? error.fieldErrors['header'] : undefined;
          if (header) set({ importRefused: header });
          else fail(error);
        } finally {
          set({ importing: false });
        }
      },
    };
  });
}

export const useProducts = createProductsStore();
