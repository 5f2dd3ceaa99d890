/**
 * The counter's search box: what is typed (a `3*` quantity prefix aside), saved products first and then
 * CABYS codes, the selection moved with the arrows. One request per query: the debounced search and Enter
 * share it, and an answer to an older query is dropped.
 */
import { ApiRequestError } from '../api/client.ts';
import { defaultUnit } from '../shared/units.ts';
import { splitQuantity } from './lines.ts';
import type { Candidate, CounterState, StoreContext } from './state.ts';

type SearchActions = Pick<CounterState, 'setQuery' | 'search' | 'move'>;

/** The product's own "price includes VAT", read defensively: a server without it leaves the shop's setting in charge. */
function productIncludesVat(product: object): { priceIncludesVat?: boolean } {
  const flag = (product as { price_includes_vat?: unknown }).price_includes_vat;
  return typeof flag === 'boolean' ? { priceIncludesVat: flag } : {};
}

export function searchActions({ api, get, set, fail }: StoreContext): SearchActions {
  let inflight: { query: string; promise: Promise<void> } | null = null;

  async function runSearch(query: string) {
    const { text } = splitQuantity(query);
    if (text.length < 2) {
      set({ results: [], searchedFor: query });
      return;
    }
    // Products are beyond the spec: a server without them (or a key without products:read) still finds CABYS.
    const [products, cabys] = await Promise.all([
      api.searchProducts(text).catch(() => []),
      api.searchCabys(text).catch((error: unknown) => {
        if (error instanceof ApiRequestError && error.status >= 500) fail(error);
        return [];
      }),
    ]);
    if (get().query !== query) return; // the shopkeeper typed on: a newer search answers
    const results: Candidate[] = [
      // A ticket is in colones: a product priced in another currency asks its price, as a CABYS code does.
      ...products.filter((p) => p.is_active).map((p): Candidate => ({
        kind: 'product', cabysCode: p.cabys_code, description: p.description, price: p.currency === 'CRC' ? String(p.price) : null, unit: p.unit ?? defaultUnit(p.cabys_code),
        rateCode: p.tax_rate_code, rate: null, ...(p.code ? { productCode: p.code } : {}), ...(p.currency === 'CRC' ? productIncludesVat(p) : {}),
      })),
      ...cabys.map((c): Candidate => ({ kind: 'cabys', cabysCode: c.code, description: c.description_9, price: null, unit: defaultUnit(c.code), rateCode: null, rate: c.tax_rate })),
    ];
    set({ results, searchedFor: query, selected: 0 });
  }

  return {
    setQuery(query) {
      set({ query, selected: 0, ...(get().entryProblem?.field === 'quantity' ? { entryProblem: null } : {}) });
    },

    search() {
      const query = get().query;
      // The debounced search and Enter ask for the same query: one request, both wait on it.
      if (inflight?.query === query) return inflight.promise;
      const promise = runSearch(query).finally(() => {
        if (inflight?.promise === promise) inflight = null;
      });
      inflight = { query, promise };
      return promise;
    },

    move(delta) {
      const n = get().results.length;
      if (n > 0) set({ selected: (get().selected + delta + n) % n });
    },
  };
}
