/**
 * The counter's state: the search box, its results (saved products first, then CABYS codes), the ticket's
 * lines, the payment method, and the last issued ticket. Keyboard-first: the screen maps keys to these
 * actions; everything here is testable without a DOM.
 */
import { create } from 'zustand';
import { ApiRequestError, api as defaultApi, type ApiClient } from '../api/client.ts';
import type { DocumentDetail, OrganizationProfile, TaxRateEntry } from '../api/types.ts';
import { loadAddress, saveAddress, type IssuerAddress } from './issuer-address.ts';
import { DECIMAL, defaultUnit, ticketRequest, type PaymentMethod, type TicketLine } from './ticket-request.ts';

/** One search hit: a saved product carries its price; a CABYS code needs one typed. */
export interface Candidate {
  kind: 'product' | 'cabys';
  cabysCode: string;
  description: string;
  price: string | null;
  unit: string;
  rateCode: string | null;
  /** VAT percentage, for display. */
  rate: number | null;
  productCode?: string;
}

export interface IssuedTicket {
  clave: string;
  consecutive: string;
  status: string;
  detail: DocumentDetail | null;
}

export interface CounterState {
  org: OrganizationProfile | null;
  /** The issuer's location (issuer-address.ts); null until the shopkeeper gave it. */
  address: IssuerAddress | null;
  rates: TaxRateEntry[];
  query: string;
  results: Candidate[];
  /** The query `results` answer; Enter on a newer query searches first. */
  searchedFor: string;
  selected: number;
  /** A CABYS code chosen and waiting for its price. */
  pricing: Candidate | null;
  lines: TicketLine[];
  payment: PaymentMethod;
  issuing: boolean;
  issued: IssuedTicket | null;
  error: string | null;
  /** The API's error code of `error`, so the screen can put known ones in its own words. */
  errorCode: string | null;
  load(): Promise<void>;
  setAddress(address: IssuerAddress): void;
  setQuery(query: string): void;
  search(): Promise<void>;
  move(delta: number): void;
  /** Enter in the search box: add the selected result (or ask its price). */
  choose(): void;
  /** Enter in the price box. */
  addPriced(price: string): boolean;
  removeLast(): void;
  setPayment(payment: PaymentMethod): void;
  issue(offline: boolean): Promise<void>;
  refreshIssued(): Promise<void>;
  clear(): void;
}

/** `3*cafe` -> quantity 3, text "cafe"; anything else quantity 1. */
export function splitQuantity(query: string): { quantity: string; text: string } {
  const m = /^\s*(\d{1,6}(?:\.\d{1,3})?)\s*\*\s*(.*)$/.exec(query);
  return m ? { quantity: m[1]!, text: m[2]!.trim() } : { quantity: '1', text: query.trim() };
}

/** The rate code (Nota 8.1) of a VAT percentage; the general 13 % when the catalogue does not say. */
export function rateCodeOf(rates: readonly TaxRateEntry[], percentage: number | null): string | null {
  const wanted = percentage ?? 13;
  // Codes 01 (0 %, "tarifa 0") and 08 (13 %, general) first: other codes with the same rate are special regimes.
  const preferred = rates.filter((r) => r.rate === wanted).sort((a, b) => (a.code === '08' || a.code === '01' ? -1 : 0) - (b.code === '08' || b.code === '01' ? -1 : 0));
  return preferred[0]?.code ?? null;
}

export function createCounterStore(api: Pick<ApiClient, 'organization' | 'taxRates' | 'searchProducts' | 'searchCabys' | 'issue' | 'document'> = defaultApi, now: () => Date = () => new Date()) {
  return create<CounterState>((set, get) => {
    const fail = (error: unknown) => set({ error: error instanceof Error ? error.message : String(error), errorCode: error instanceof ApiRequestError ? error.code : null });

    function addLine(candidate: Candidate, price: string) {
      const { quantity } = splitQuantity(get().query);
      const rateCode = candidate.rateCode ?? rateCodeOf(get().rates, candidate.rate) ?? '08';
      const line: TicketLine = { cabysCode: candidate.cabysCode, description: candidate.description, quantity, price, unit: candidate.unit, rateCode, ...(candidate.productCode ? { productCode: candidate.productCode } : {}) };
      set({ lines: [...get().lines, line], query: '', results: [], selected: 0, pricing: null, error: null });
    }

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
        ...products.filter((p) => p.is_active).map((p): Candidate => ({
          kind: 'product', cabysCode: p.cabys_code, description: p.description, price: String(p.price), unit: p.unit ?? defaultUnit(p.cabys_code),
          rateCode: p.tax_rate_code, rate: null, ...(p.code ? { productCode: p.code } : {}),
        })),
        ...cabys.map((c): Candidate => ({ kind: 'cabys', cabysCode: c.code, description: c.description_9, price: null, unit: defaultUnit(c.code), rateCode: null, rate: c.tax_rate })),
      ];
      set({ results, searchedFor: query, selected: 0 });
    }

    return {
      org: null,
      address: loadAddress(),
      rates: [],
      query: '',
      results: [],
      searchedFor: '',
      selected: 0,
      pricing: null,
      lines: [],
      payment: 'cash',
      issuing: false,
      issued: null,
      error: null,
      errorCode: null,

      async load() {
        try {
          const [org, rates] = await Promise.all([api.organization(), api.taxRates()]);
          set({ org, rates });
        } catch (error) {
          fail(error);
        }
      },

      setAddress(address) {
        saveAddress(address);
        set({ address });
      },

      setQuery(query) {
        set({ query, selected: 0 });
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

      choose() {
        const candidate = get().results[get().selected];
        if (!candidate) return;
        if (candidate.price !== null) addLine(candidate, candidate.price);
        else set({ pricing: candidate });
      },

      addPriced(price) {
        const candidate = get().pricing;
        const text = price.trim().replace(',', '.');
        if (!candidate || !DECIMAL.test(text)) return false;
        addLine(candidate, text);
        return true;
      },

      removeLast() {
        set({ lines: get().lines.slice(0, -1) });
      },

      setPayment(payment) {
        set({ payment });
      },

      async issue(offline) {
        const { org, address, lines, payment, issuing } = get();
        if (issuing || lines.length === 0 || !org || !address) return;
        set({ issuing: true, error: null, errorCode: null });
        try {
          const submitted = await api.issue(ticketRequest(org, address, lines, payment, now(), offline));
          set({ issued: { clave: submitted.document_key, consecutive: submitted.consecutive_number, status: submitted.status, detail: null }, lines: [], query: '', results: [], pricing: null });
          void get().refreshIssued();
        } catch (error) {
          fail(error);
        } finally {
          set({ issuing: false });
        }
      },

      async refreshIssued() {
        const issued = get().issued;
        if (!issued) return;
        try {
          const detail = await api.document(issued.clave);
          if (get().issued?.clave === issued.clave) set({ issued: { ...issued, status: detail.status, detail } });
        } catch {
          // the clave is shown already; the status catches up on the next poll
        }
      },

      clear() {
        set({ query: '', results: [], selected: 0, pricing: null, lines: [], error: null });
      },
    };
  });
}

export const useCounter = createCounterStore();
