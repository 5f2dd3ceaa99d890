/**
 * The counter's state: the search box, its results (saved products first, then CABYS codes), the ticket's
 * lines, the payment method with the cash received, and the last issued ticket. Keyboard-first: the
 * screen maps keys to these actions; everything here is testable without a DOM.
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import type { DocumentDetail, TaxRateEntry } from '../api/types.ts';
import { counterApi, type CounterApi, type CounterOrganization } from './api.ts';
import { readTendered } from './cash.ts';
import { readTyped, type TypedProblem } from '../shared/decimal.ts';
import { readDiscount } from '../shared/ticket/discount.ts';
import { addressBody, type Address } from '../shared/address.ts';
import { quantityOnly, splitQuantity, withAdded, withLastDiscount, withLastQuantity } from './lines.ts';
import { keepTicket } from './saved-ticket.ts';
import { DECIMAL, ticketRequest, type PaymentMethod, type TicketLine } from '../shared/ticket/ticket-request.ts';
import { defaultUnit, rateCodeOf } from '../shared/units.ts';

export { splitQuantity } from './lines.ts';

/** One search hit: a saved product in colones carries its price; a CABYS code needs one typed. */
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
  /** A saved product's "price includes VAT" (docs/products.md), when it carries its price; else the shop's setting applies. */
  priceIncludesVat?: boolean;
}

/** The product's own "price includes VAT", read defensively: a server without it leaves the shop's setting in charge. */
function productIncludesVat(product: object): { priceIncludesVat?: boolean } {
  const flag = (product as { price_includes_vat?: unknown }).price_includes_vat;
  return typeof flag === 'boolean' ? { priceIncludesVat: flag } : {};
}

export interface IssuedTicket {
  clave: string;
  consecutive: string;
  status: string;
  detail: DocumentDetail | null;
  /** Cash received for it (decimal text), for the change due once its total is known. */
  tendered: string | null;
  /** Its lines as rung up: one rung up by CABYS code can be saved as a product afterwards. */
  lines: TicketLine[];
}

/** A number typed in a box and refused rather than guessed (decimal.ts readTyped): which box, why, what was typed. */
export interface EntryProblem {
  field: 'quantity' | 'price' | 'discount';
  problem: TypedProblem;
  typed: string;
}

/** A ticket cleared with Esc, kept so that Ctrl+Z (or "Deshacer") brings it back. */
export interface ClearedTicket {
  lines: TicketLine[];
  payment: PaymentMethod;
  tendered: string;
}

export interface CounterState {
  org: CounterOrganization | null;
  /** The issuer's location, from the organization (docs/organization-address.md); null until given. */
  address: Address | null;
  /** The server's refusal of a location the shopkeeper typed. */
  addressError: string | null;
  rates: TaxRateEntry[];
  query: string;
  results: Candidate[];
  /** The query `results` answer; Enter on a newer query searches first. */
  searchedFor: string;
  selected: number;
  /** A CABYS code chosen and waiting for its price. */
  pricing: Candidate | null;
  /** The discount box of the last line is open (F3). */
  discounting: boolean;
  lines: TicketLine[];
  payment: PaymentMethod;
  /** Cash received as typed; only read when paying cash. */
  tendered: string;
  issuing: boolean;
  issued: IssuedTicket | null;
  error: string | null;
  /** The API's error code of `error`, so the screen can put known ones in its own words. */
  errorCode: string | null;
  /** The number last typed in the search (quantity), price or discount box that was refused. */
  entryProblem: EntryProblem | null;
  /** The ticket Esc just cleared, until the next line starts another or it is brought back. */
  cleared: ClearedTicket | null;
  /**
   * Reads the organization and the tax rates. `known`: the organization the setup gate has just read at
   * start-up, taken on the first load instead of asking again (later loads read it afresh).
   */
  load(known?: CounterOrganization | null): Promise<void>;
  saveAddress(address: Address): Promise<boolean>;
  setQuery(query: string): void;
  search(): Promise<void>;
  move(delta: number): void;
  /** Enter in the search box: add the selected result (or ask its price); `3*` alone: the last line's quantity. */
  choose(): void;
  /** Enter in the price box. */
  addPriced(price: string): boolean;
  /** F3: open the last line's discount box. */
  startDiscount(): void;
  /** Enter in the discount box: `10%` or an amount; blank removes it. */
  applyDiscount(typed: string): boolean;
  removeLast(): void;
  setPayment(payment: PaymentMethod): void;
  setTendered(text: string): void;
  /** The POST /electronic-documents body of the lines so far, or null when something is missing. */
  draft(offline?: boolean): ReturnType<typeof ticketRequest> | null;
  issue(offline: boolean): Promise<void>;
  refreshIssued(): Promise<void>;
  /** Esc on an empty search: the ticket goes, undoably (`cleared`). */
  clear(): void;
  /** Ctrl+Z after Esc: the cleared ticket back. */
  undoClear(): void;
}

type StoreApi = Pick<CounterApi, 'organization' | 'saveAddress' | 'taxRates' | 'searchProducts' | 'searchCabys' | 'issue' | 'document'>;

export function createCounterStore(api: StoreApi = counterApi(), now: () => Date = () => new Date()) {
  return create<CounterState>((set, get) => {
    const fail = (error: unknown) => set({ error: error instanceof Error ? error.message : String(error), errorCode: error instanceof ApiRequestError ? error.code : null });

    function addLine(candidate: Candidate, price: string) {
      const { quantity } = splitQuantity(get().query);
      const rateCode = candidate.rateCode ?? rateCodeOf(get().rates, candidate.rate);
      const line: TicketLine = {
        cabysCode: candidate.cabysCode, description: candidate.description, quantity, price, unit: candidate.unit, rateCode,
        ...(candidate.productCode ? { productCode: candidate.productCode } : {}),
        ...(candidate.priceIncludesVat !== undefined ? { priceIncludesVat: candidate.priceIncludesVat } : {}),
      };
      // The first line of a ticket starts the next sale: the last one's box goes, and so does the undo of a clear.
      const starting = get().lines.length === 0 ? { issued: null, cleared: null } : {};
      // searchedFor too: the same text typed again (a second scan of one barcode) must search again, not find no results.
      set({ lines: withAdded(get().lines, line), query: '', results: [], searchedFor: '', selected: 0, pricing: null, error: null, entryProblem: null, ...starting });
    }

    let inflight: { query: string; promise: Promise<void> } | null = null;
    /** Numbers the issued ticket's status reads: an answer older than one applied must not undo it. */
    let statusCall = 0;
    let statusApplied = 0;

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
      org: null,
      address: null,
      addressError: null,
      rates: [],
      query: '',
      results: [],
      searchedFor: '',
      selected: 0,
      pricing: null,
      discounting: false,
      lines: [],
      payment: 'cash',
      tendered: '',
      issuing: false,
      issued: null,
      error: null,
      errorCode: null,
      entryProblem: null,
      cleared: null,

      async load(known) {
        // The organization is what issuing needs; the rates only price CABYS codes: the screen is ready without them.
        const rates = api.taxRates().then((r) => set({ rates: r }), fail);
        const first = get().org === null ? known : null;
        try {
          const org = first ?? await api.organization();
          set({ org, address: org.address ?? null });
        } catch (error) {
          fail(error);
        }
        await rates;
      },

      async saveAddress(address) {
        try {
          const org = await api.saveAddress(addressBody(address));
          set({ org, address: org.address ?? null, addressError: null });
          return true;
        } catch (error) {
          set({ addressError: error instanceof Error ? error.message : String(error) });
          return false;
        }
      },

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

      choose() {
        const { problem } = splitQuantity(get().query);
        if (problem) return set({ entryProblem: { field: 'quantity', ...problem } });
        const quantity = quantityOnly(get().query);
        if (quantity !== null) {
          if (get().lines.length > 0) set({ lines: withLastQuantity(get().lines, quantity), query: '', results: [] });
          return;
        }
        const candidate = get().results[get().selected];
        if (!candidate) return;
        if (candidate.price !== null) addLine(candidate, candidate.price);
        else set({ pricing: candidate, entryProblem: null });
      },

      addPriced(price) {
        const candidate = get().pricing;
        const read = readTyped(price);
        if (read.problem) set({ entryProblem: { field: 'price', problem: read.problem, typed: price.trim() } });
        if (!candidate || read.value === undefined || !DECIMAL.test(read.value)) return false;
        addLine(candidate, read.value);
        return true;
      },

      startDiscount() {
        if (get().lines.length > 0) set({ discounting: true, pricing: null, entryProblem: null });
      },

      applyDiscount(typed) {
        const { problem } = typed.trim() === '' ? {} : readDiscount(typed);
        set({ entryProblem: problem ? { field: 'discount', problem, typed: typed.trim() } : null });
        const lines = problem ? null : withLastDiscount(get().lines, typed);
        if (!lines) return false;
        set({ lines, discounting: false });
        return true;
      },

      removeLast() {
        set({ lines: get().lines.slice(0, -1), discounting: false });
      },

      setPayment(payment) {
        set({ payment });
      },

      setTendered(text) {
        set({ tendered: text });
      },

      draft(offline = false) {
        const { org, address, lines, payment } = get();
        if (lines.length === 0 || !org || !address) return null;
        return ticketRequest(org, address, lines, payment, now(), offline);
      },

      async issue(offline) {
        const { issuing, payment, tendered, lines } = get();
        const request = get().draft(offline);
        if (issuing || !request) return;
        set({ issuing: true, error: null, errorCode: null });
        try {
          const submitted = await api.issue(request);
          set({
            issued: { clave: submitted.document_key, consecutive: submitted.consecutive_number, status: submitted.status, detail: null, tendered: payment === 'cash' ? readTendered(tendered) : null, lines },
            lines: [], query: '', results: [], pricing: null, discounting: false, tendered: '', payment: 'cash', cleared: null,
          });
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
        const call = ++statusCall;
        try {
          const detail = await api.document(issued.clave);
          const current = get().issued;
          // Another ticket issued meanwhile, or a newer read answered first (the poll overlaps slow answers).
          if (call < statusApplied || current?.clave !== issued.clave) return;
          statusApplied = call;
          set({ issued: { ...current, status: detail.status, detail } });
        } catch {
          // the clave is shown already; the status catches up on the next poll
        }
      },

      clear() {
        const { lines, payment, tendered, cleared } = get();
        set({
          query: '', results: [], selected: 0, pricing: null, discounting: false, lines: [], tendered: '', error: null, errorCode: null, entryProblem: null,
          // A second Esc on an empty ticket keeps the one to bring back.
          cleared: lines.length > 0 ? { lines, payment, tendered } : cleared,
        });
      },

      undoClear() {
        const cleared = get().cleared;
        if (cleared && get().lines.length === 0) set({ ...cleared, cleared: null });
      },
    };
  });
}

/** The counter of the page: its ticket in progress survives a reload (saved-ticket.ts). */
export const useCounter = keepTicket(createCounterStore());
