/**
 * The X/Z figures of one shift, or of a day's shifts (docs/tills.md, "Shifts"), from what the store keeps:
 * the documents issued on the till while it was open (their totals and MedioPago), their VAT lines, the cash
 * movements and the count. Pure and exact (decimal.js): no figure is a float, and every total is a sum of
 * the listed documents' colón amounts, so the report reconciles with them to the last of its 5 places.
 *
 * - A document in another currency counts in colones at its own exchange rate (total × TipoCambio, rounded
 *   to 5 places once per document); its payments are converted the same way, the last one taking what the
 *   rounding left so that they add up to the document's colón total. Each currency is also shown on its own.
 * - Credit notes (03) are refunds: they subtract, by the payment method they name.
 * - Rejected documents and those in error are left out and listed; so are receiver messages (05–07) and
 *   purchase invoices (08), which are not sales (money paid out of the drawer is a cash movement).
 * - Expected cash = opening float + cash sales − cash refunds + movements in − movements out; every other
 *   method's expected is its net. Counted − expected is the difference: negative when money is missing.
 */
import type { Decimal } from 'decimal.js';
import { Dec, ZERO, round5 } from '../domain/money.ts';
import {
  PAYMENT_KEYS, paymentKey, personOf, type CountedMethod, type ExcludedDocument, type ListedDocument, type PaymentKey, type ShiftReport, type ShiftSummary,
} from '../domain/shift-report.ts';
import type { CashCount } from './cash-count.ts';
import type { CashMovementRow } from '../store/cash-movements.ts';
import type { ShiftDocumentRow, ShiftVatRow } from '../store/shift-documents.ts';

/** A document of the shift and its VAT lines, as the store reads them (store/shift-documents.ts). */
export type FigureDocument = ShiftDocumentRow;
export type FigureVatLine = ShiftVatRow;

/** A cash movement as the store keeps it, its kind read as one of the two it can be. */
export type FigureMovement = Pick<CashMovementRow, 'id' | 'shiftId' | 'amount' | 'reason' | 'cashierId' | 'createdAt'> & { kind: 'in' | 'out' };

export interface FigureInput {
  kind: ShiftReport['kind'];
  shifts: ShiftSummary[];
  date: string | null;
  generatedAt: string;
  /** The opening floats of the shifts, added up. */
  openingFloat: string;
  documents: FigureDocument[];
  vatLines: FigureVatLine[];
  movements: FigureMovement[];
  /** The count at close (added up over a day's shifts); null while the shift is open. */
  count: CashCount | null;
  /** Names of the cashiers the documents and movements mention. */
  names: ReadonlyMap<number, string>;
}

const f5 = (d: Decimal) => d.toFixed(5);
const NOT_SALES = new Set(['05', '06', '07', '08']);
const REFUND = '03';

type Methods = Record<PaymentKey, Decimal>;
const noMethods = (): Methods => ({ cash: ZERO, card: ZERO, sinpe_movil: ZERO, transfer: ZERO, other: ZERO });

function exclusion(doc: FigureDocument): ExcludedDocument['reason'] | undefined {
  if (doc.status === 'rejected') return 'rejected';
  if (doc.status === 'error') return 'error';
  if (NOT_SALES.has(doc.documentType)) return 'not_a_sale';
  return undefined;
}

/** The document's rate to colones: 1 for colones, else its TipoCambio. */
function rateOf(doc: FigureDocument): Decimal {
  if (doc.currency === 'CRC' || !doc.exchangeRate) return new Dec(1);
  return new Dec(doc.exchangeRate);
}

/** Its payments in its own currency and in colones, the last taking the rounding so they add up to the totals. */
function paymentsOf(doc: FigureDocument, total: Decimal, totalCrc: Decimal, rate: Decimal): { method: PaymentKey; own: Decimal; crc: Decimal }[] {
  const given = doc.payments && doc.payments.length > 0 ? doc.payments : [{ method: '99', amount: doc.totalAmount }];
  let ownLeft = total;
  let crcLeft = totalCrc;
  return given.map((p, i) => {
    const last = i === given.length - 1;
    const own = last ? ownLeft : new Dec(p.amount);
    const crc = last ? crcLeft : round5(own.times(rate));
    ownLeft = ownLeft.minus(own);
    crcLeft = crcLeft.minus(crc);
    return { method: paymentKey(p.method), own, crc };
  });
}

interface Tally {
  sales: Methods;
  refunds: Methods;
  byType: Map<string, { count: number; total: Decimal }>;
  tax: Map<string | null, { base: Decimal; tax: Decimal }>;
  currencies: Map<string, { count: number; total: Decimal; totalCrc: Decimal; methods: Methods }>;
  cashiers: Map<number | null, { documents: number; sales: Decimal; refunds: Decimal; cash: Decimal }>;
  listed: ListedDocument[];
  excluded: ExcludedDocument[];
}

function addDocument(t: Tally, doc: FigureDocument): { sign: 1 | -1; totalCrc: Decimal } | undefined {
  const reason = exclusion(doc);
  if (reason) {
    t.excluded.push({ clave: doc.clave, consecutive: doc.consecutive, document_type: doc.documentType, status: doc.status, currency: doc.currency, total: f5(new Dec(doc.totalAmount)), reason });
    return undefined;
  }
  const sign = doc.documentType === REFUND ? -1 : 1;
  const rate = rateOf(doc);
  const total = new Dec(doc.totalAmount);
  const totalCrc = round5(total.times(rate));
  const side = sign === 1 ? t.sales : t.refunds;
  const currency = t.currencies.get(doc.currency) ?? { count: 0, total: ZERO, totalCrc: ZERO, methods: noMethods() };
  const who = t.cashiers.get(doc.cashierId) ?? { documents: 0, sales: ZERO, refunds: ZERO, cash: ZERO };
  for (const p of paymentsOf(doc, total, totalCrc, rate)) {
    side[p.method] = side[p.method].plus(p.crc);
    currency.methods[p.method] = currency.methods[p.method].plus(p.own.times(sign));
    if (p.method === 'cash') who.cash = who.cash.plus(p.crc.times(sign));
  }
  currency.count += 1;
  currency.total = currency.total.plus(total.times(sign));
  currency.totalCrc = currency.totalCrc.plus(totalCrc.times(sign));
  t.currencies.set(doc.currency, currency);
  who.documents += 1;
  if (sign === 1) who.sales = who.sales.plus(totalCrc);
  else who.refunds = who.refunds.plus(totalCrc);
  t.cashiers.set(doc.cashierId, who);
  const type = t.byType.get(doc.documentType) ?? { count: 0, total: ZERO };
  t.byType.set(doc.documentType, { count: type.count + 1, total: type.total.plus(totalCrc) });
  t.listed.push({
    id: doc.id, clave: doc.clave, consecutive: doc.consecutive, document_type: doc.documentType, status: doc.status, issued_at: doc.issuedAt,
    currency: doc.currency, total: f5(total), exchange_rate: rate.toString(), total_crc: f5(totalCrc.times(sign)), cashier_id: doc.cashierId,
  });
  return { sign, totalCrc };
}

const sumOf = (m: Methods) => PAYMENT_KEYS.reduce((s, k) => s.plus(m[k]), ZERO);

function countOf(input: FigureInput, expected: Methods): ShiftReport['count'] {
  const count = input.count;
  const methods: CountedMethod[] = PAYMENT_KEYS.map((method) => {
    const counted = count ? new Dec(count.amounts[method]) : undefined;
    return { method, expected: f5(expected[method]), counted: counted ? f5(counted) : null, difference: counted ? f5(counted.minus(expected[method])) : null };
  });
  const expectedTotal = sumOf(expected);
  const countedTotal = count ? PAYMENT_KEYS.reduce((s, k) => s.plus(count.amounts[k]), ZERO) : undefined;
  const denominations = count?.denominations
    ? Object.entries(count.denominations).sort(([a], [b]) => Number(b) - Number(a)).map(([value, quantity]) => ({ value, quantity, amount: f5(new Dec(value).times(quantity)) }))
    : null;
  return {
    methods,
    expected: f5(expectedTotal),
    counted: countedTotal ? f5(countedTotal) : null,
    difference: countedTotal ? f5(countedTotal.minus(expectedTotal)) : null,
    denominations,
  };
}

export function shiftFigures(input: FigureInput): ShiftReport {
  const person = (id: number | null) => personOf(input.names, id);
  const t: Tally = { sales: noMethods(), refunds: noMethods(), byType: new Map(), tax: new Map(), currencies: new Map(), cashiers: new Map(), listed: [], excluded: [] };
  const signs = new Map<number, 1 | -1>();
  const voids: ShiftReport['voids'] = [];
  for (const doc of input.documents) {
    const added = addDocument(t, doc);
    if (!added) continue;
    signs.set(doc.id, added.sign);
    if (doc.voidsConsecutive) {
      voids.push({ clave: doc.clave, consecutive: doc.consecutive, voided_consecutive: doc.voidsConsecutive, total_crc: f5(added.totalCrc), cashier: person(doc.cashierId), approved_by: person(doc.approvedBy), issued_at: doc.issuedAt });
    }
  }
  for (const line of input.vatLines) {
    const sign = signs.get(line.documentId);
    if (sign === undefined) continue;
    const rate = t.tax.get(line.rateCode) ?? { base: ZERO, tax: ZERO };
    t.tax.set(line.rateCode, { base: rate.base.plus(new Dec(line.base).times(sign)), tax: rate.tax.plus(new Dec(line.tax).times(sign)) });
  }
  const movementsIn = input.movements.filter((m) => m.kind === 'in').reduce((s, m) => s.plus(m.amount), ZERO);
  const movementsOut = input.movements.filter((m) => m.kind === 'out').reduce((s, m) => s.plus(m.amount), ZERO);
  const float = new Dec(input.openingFloat);
  const net = noMethods();
  for (const k of PAYMENT_KEYS) net[k] = t.sales[k].minus(t.refunds[k]);
  const expected = { ...net, cash: float.plus(net.cash).plus(movementsIn).minus(movementsOut) };
  const sales = sumOf(t.sales);
  const refunds = sumOf(t.refunds);
  const tax = [...t.tax.values()].reduce((s, r) => s.plus(r.tax), ZERO);
  return {
    kind: input.kind,
    shifts: input.shifts,
    date: input.date,
    generated_at: input.generatedAt,
    currency: 'CRC',
    opening_float: f5(float),
    totals: { documents: t.listed.length, sales: f5(sales), refunds: f5(refunds), net: f5(sales.minus(refunds)), tax: f5(tax) },
    by_type: [...t.byType].sort(([a], [b]) => a.localeCompare(b)).map(([document_type, v]) => ({ document_type, count: v.count, total: f5(v.total) })),
    by_method: PAYMENT_KEYS.map((method) => ({ method, sales: f5(t.sales[method]), refunds: f5(t.refunds[method]), net: f5(net[method]) })),
    tax: [...t.tax].sort(([a], [b]) => (a ?? '').localeCompare(b ?? '')).map(([rate_code, v]) => ({ rate_code, base: f5(v.base), tax: f5(v.tax) })),
    currencies: [...t.currencies].sort(([a], [b]) => a.localeCompare(b)).map(([currency, v]) => ({
      currency, count: v.count, total: f5(v.total), total_crc: f5(v.totalCrc),
      by_method: PAYMENT_KEYS.filter((k) => !v.methods[k].isZero()).map((method) => ({ method, net: f5(v.methods[method]) })),
    })),
    movements: input.movements.map((m) => ({ id: m.id, shift_id: m.shiftId, kind: m.kind, amount: f5(new Dec(m.amount)), reason: m.reason, cashier: person(m.cashierId), created_at: m.createdAt })),
    cash: { opening_float: f5(float), sales: f5(t.sales.cash), refunds: f5(t.refunds.cash), movements_in: f5(movementsIn), movements_out: f5(movementsOut), expected: f5(expected.cash) },
    count: countOf(input, expected),
    cashiers: [...t.cashiers].map(([id, v]) => ({ cashier: person(id), documents: v.documents, sales: f5(v.sales), refunds: f5(v.refunds), net: f5(v.sales.minus(v.refunds)), cash_net: f5(v.cash) })),
    voids,
    documents: t.listed,
    excluded: t.excluded,
  };
}
