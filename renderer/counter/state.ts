/**
 * The counter store's shape and first values, and what its action files share (StoreContext): the search
 * box and its results, the ticket's lines, the payment, the last issued ticket. The actions live in
 * searching.ts (the search box), scanning.ts (scale labels), ringing.ts (lines, prices, discounts, clearing),
 * issuing.ts (the request, issuing and following the issued ticket) and thermal.ts (the till's receipt
 * printer); store.ts puts them together.
 */
import type { TaxRateEntry } from '../api/types.ts';
import type { Address } from '../shared/address.ts';
import type { TypedProblem } from '../shared/decimal.ts';
import type { PaymentMethod, TicketLine, ticketRequest } from '../shared/ticket/ticket-request.ts';
import type { CounterApi, CounterDocument, CounterOrganization } from './api.ts';

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
  /** The quantity it rings up with, instead of a `3*` typed: a scale label's weight waiting for its price. */
  quantity?: string;
}

export interface IssuedTicket {
  clave: string;
  consecutive: string;
  status: string;
  detail: CounterDocument | null;
  /** Cash received for it (decimal text), for the change due once its total is known. */
  tendered: string | null;
  /** Its lines as rung up: one rung up by CABYS code can be saved as a product afterwards. */
  lines: TicketLine[];
  /** How its receipt went on the till's thermal printer (the document's `print`, or a retry's answer); null: not tried. */
  print: TicketPrint | null;
}

/** A receipt on the thermal printer (docs/printing.md): `reason` when failed (paper_out, refused, timeout…). */
export interface TicketPrint {
  state: 'printing' | 'printed' | 'failed';
  reason: string | null;
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
  /** This till has a thermal printer that prints on issue: true, false, or null while unknown (printers unreadable). */
  tillPrinter: boolean | null;
  /** A print or reprint asked of the thermal printer is on its way. */
  reprinting: boolean;
  /** The issued ticket's automatic print is being followed (its `print` read until it is printed or failed). */
  printWatching: boolean;
  /**
   * Reads the organization and the tax rates. `known`: the organization the setup gate has just read at
   * start-up, taken on the first load instead of asking again (later loads read it afresh).
   */
  load(known?: CounterOrganization | null): Promise<void>;
  saveAddress(address: Address): Promise<boolean>;
  setQuery(query: string): void;
  /**
   * Enter on a 13-digit code: a scale label is rung up with its quantity (true); a code the search should
   * handle answers false; a refusal (misread check digit, unknown item) with nothing in the search is shown (true).
   */
  ringScan(): Promise<boolean>;
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
  /** Reads whether this till has a thermal printer (GET /printers, by branch and terminal). */
  loadPrinter(): Promise<void>;
  /** F4 on a till with a printer: prints the issued ticket's receipt again (a retry, or a reprint "COPIA"). */
  printAgain(): Promise<void>;
  /** After issuing: reads the ticket's `print` briefly until the server's automatic print is done. */
  followPrint(): Promise<void>;
  /** Esc on an empty search: the ticket goes, undoably (`cleared`). */
  clear(): void;
  /** Ctrl+Z after Esc: the cleared ticket back. */
  undoClear(): void;
}

/** The calls the store makes (the screen's other stores make the rest). */
export type StoreApi = Pick<CounterApi, 'organization' | 'saveAddress' | 'taxRates' | 'searchProducts' | 'searchCabys' | 'issue' | 'document' | 'scan' | 'printers' | 'printReceipt'>;

/** What every action file of the store is handed. */
export interface StoreContext {
  api: StoreApi;
  get(): CounterState;
  set(patch: Partial<CounterState>): void;
  /** Shows a failure in the server's words, with its code. */
  fail(error: unknown): void;
}

/** The values of a fresh counter: nothing searched, an empty ticket paid cash (new arrays for each store). */
export const initialCounter = () => ({
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
  tillPrinter: null,
  reprinting: false,
  printWatching: false,
}) satisfies Partial<CounterState>;
