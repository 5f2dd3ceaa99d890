/**
 * The X and Z figures of a till's shift, and the day's Z over several shifts (docs/tills.md, "Shifts"): the
 * one shape the tills service computes (src/tills/shift-figures.ts), the store keeps at close, the API answers
 * and the PDF and the thermal print lay out (src/printing/ may not import src/tills/, so the shape lives here).
 * Every amount is decimal text with 5 places, in colones unless a member says otherwise: the documents' own
 * precision, so that sums of the listed documents equal the totals exactly.
 */

/** The count's payment methods: TipoMedioPago 01 cash, 02 card, 06 SINPE Móvil, 04 transfer, anything else. */
export const PAYMENT_KEYS = ['cash', 'card', 'sinpe_movil', 'transfer', 'other'] as const;
export type PaymentKey = (typeof PAYMENT_KEYS)[number];

/** TipoMedioPago (Nota 6) to the count's method. */
export function paymentKey(method: string): PaymentKey {
  if (method === '01') return 'cash';
  if (method === '02') return 'card';
  if (method === '06') return 'sinpe_movil';
  if (method === '04') return 'transfer';
  return 'other';
}

export interface Person {
  id: number;
  name: string;
}

/** The cashier `id` with its name from `names` (`#id` when the name was not found); null for nobody. */
export function personOf(names: ReadonlyMap<number, string>, id: number | null): Person | null {
  return id === null ? null : { id, name: names.get(id) ?? `#${id}` };
}

/** One payment method: what the documents took in, gave back (credit notes) and the difference. */
export interface MethodFigures {
  method: PaymentKey;
  sales: string;
  refunds: string;
  net: string;
}

/** A document the figures add up, signed: a credit note's `total_crc` is negative. */
export interface ListedDocument {
  id: number;
  clave: string;
  consecutive: string;
  document_type: string;
  status: string;
  issued_at: string;
  currency: string;
  /** In the document's currency, as issued (positive). */
  total: string;
  exchange_rate: string;
  /** The total in colones (total × exchange rate, 5 places), negative for a credit note. */
  total_crc: string;
  cashier_id: number | null;
}

/** A document left out of the figures: rejected, in error, or not a sale (receiver messages, purchase invoices). */
export interface ExcludedDocument {
  clave: string;
  consecutive: string;
  document_type: string;
  status: string;
  currency: string;
  total: string;
  reason: 'rejected' | 'error' | 'not_a_sale';
}

export interface CountedMethod {
  method: PaymentKey;
  expected: string;
  /** Null until the shift is closed (the X report). */
  counted: string | null;
  /** counted − expected: negative when money is missing. */
  difference: string | null;
}

export interface ShiftSummary {
  id: number;
  branch: string;
  terminal: string;
  environment: string;
  opened_at: string;
  closed_at: string | null;
  opened_by: Person | null;
  closed_by: Person | null;
}

export interface ShiftReport {
  /** X: the shift is open; Z: closed (the figures kept at close); day: the day's Z over its closed shifts. */
  kind: 'X' | 'Z' | 'day';
  /** The shifts it covers: one for X and Z. */
  shifts: ShiftSummary[];
  /** The Costa Rica day of a day report; null otherwise. */
  date: string | null;
  generated_at: string;
  currency: 'CRC';
  opening_float: string;
  totals: { documents: number; sales: string; refunds: string; net: string; tax: string };
  by_type: { document_type: string; count: number; total: string }[];
  by_method: MethodFigures[];
  /** VAT by rate code (null: lines without VAT), net of credit notes. */
  tax: { rate_code: string | null; base: string; tax: string }[];
  /** Each currency's documents in their own currency (net) and in colones. */
  currencies: { currency: string; count: number; total: string; total_crc: string; by_method: { method: PaymentKey; net: string }[] }[];
  movements: { id: number; shift_id: number; kind: 'in' | 'out'; amount: string; reason: string; cashier: Person | null; created_at: string }[];
  /** opening float + cash sales − cash refunds + movements in − movements out = expected. */
  cash: { opening_float: string; sales: string; refunds: string; movements_in: string; movements_out: string; expected: string };
  count: {
    methods: CountedMethod[];
    expected: string;
    counted: string | null;
    difference: string | null;
    /** The cash counted by denomination (colones), when it was. */
    denominations: { value: string; quantity: number; amount: string }[] | null;
  };
  cashiers: { cashier: Person | null; documents: number; sales: string; refunds: string; net: string; cash_net: string }[];
  voids: { clave: string; consecutive: string; voided_consecutive: string; total_crc: string; cashier: Person | null; approved_by: Person | null; issued_at: string }[];
  documents: ListedDocument[];
  excluded: ExcludedDocument[];
}
