/**
 * ResumenFactura from computed lines (annex, "Resumen de la factura"):
 * - each line's MontoTotal goes to taxed / exempt / exonerated / non-subject, goods or services by the line;
 *   VAT rate code 10 is exempt, 01 and 11 are non-subject, any other VAT rate is taxed; an exonerated line
 *   splits its MontoTotal by (Σ exonerated / Σ VAT) into exonerated and taxed parts; a line without VAT is
 *   non-subject. The export invoice has no non-subject totals: there such lines count as exempt.
 * - TotalVenta = Σ of the four; TotalVentaNeta = TotalVenta − TotalDescuentos; TotalImpuesto = Σ ImpuestoNeto;
 *   TotalComprobante = TotalVentaNeta + TotalImpuesto + TotalOtrosCargos − TotalIVADevuelto, except the
 *   payment receipt (REP) whose total is its TotalVenta.
 * - TotalDesgloseImpuesto: net tax (amount − exonerated − assumed) grouped by tax code and VAT rate code.
 * - Combos (DetalleSurtido) split their MontoTotal and their tax breakdown by component (assortment-totals.ts).
 * - MedioPago: up to four payments whose amounts add up to TotalComprobante; one payment without an amount
 *   takes what the others leave.
 */
import type { Decimal } from 'decimal.js';
import type { DocumentTypeCode, Payment, Summary, TaxBreakdown } from './document-model.ts';
import { ZERO, round5, sum } from './money.ts';
import { VAT_TAX_CODES, type CategoryPart, type LineAmounts } from './line-totals.ts';

const EXEMPT_RATE_CODES: ReadonlySet<string> = new Set(['10']);
const NON_SUBJECT_RATE_CODES: ReadonlySet<string> = new Set(['01', '11']);

export interface PaymentInput {
  method: string;
  methodOther?: string;
  amount?: Decimal;
}

export interface SummaryInput {
  documentType: DocumentTypeCode;
  currency: string;
  exchangeRate: Decimal;
  lines: { amounts: LineAmounts; isService: boolean }[];
  otherCharges: Decimal;
  ivaReturned: Decimal;
  payments: PaymentInput[];
}

interface Split {
  taxed: Decimal;
  exempt: Decimal;
  exonerated: Decimal;
  nonSubject: Decimal;
}

/** Where an amount goes by its VAT rate code: 10 exempt; 01, 11 or no VAT non-subject (exempt on FEE). */
function categoryOf(rateCode: string | undefined, hasVat: boolean, documentType: DocumentTypeCode): keyof Split {
  if (!hasVat || (rateCode !== undefined && NON_SUBJECT_RATE_CODES.has(rateCode))) return documentType === '09' ? 'exempt' : 'nonSubject';
  return rateCode !== undefined && EXEMPT_RATE_CODES.has(rateCode) ? 'exempt' : 'taxed';
}

/** A line as parts per VAT rate code: a combo's per component, any other line whole. */
function partsOf(line: LineAmounts): CategoryPart[] {
  if (line.parts) return line.parts;
  const vat = line.taxes.find((t) => VAT_TAX_CODES.has(t.code));
  return [{ vat: vat !== undefined, rateCode: vat?.rateCode, amount: line.amount }];
}

/** How one line's MontoTotal divides between the four sale categories. */
export function classifyLine(line: LineAmounts, documentType: DocumentTypeCode): Split {
  const split: Split = { taxed: ZERO, exempt: ZERO, exonerated: ZERO, nonSubject: ZERO };
  for (const part of partsOf(line)) {
    const category = categoryOf(part.rateCode, part.vat, documentType);
    split[category] = split[category].plus(part.amount);
  }
  const vat = line.taxes.filter((t) => VAT_TAX_CODES.has(t.code));
  const vatAmount = sum(vat.map((t) => t.amount));
  const exoneratedAmount = sum(vat.map((t) => t.exoneration?.amount ?? ZERO));
  if (exoneratedAmount.isZero() || vatAmount.isZero() || split.taxed.isZero()) return split;
  // The exonerated share of the taxed amount: MontoTotal × (Σ exonerated / Σ tax), annex page 51.
  split.exonerated = round5(split.taxed.mul(exoneratedAmount).div(vatAmount));
  split.taxed = split.taxed.minus(split.exonerated);
  return split;
}

function breakdown(lines: LineAmounts[]): TaxBreakdown[] {
  const groups = new Map<string, TaxBreakdown>();
  const add = (entry: TaxBreakdown) => {
    const key = `${entry.code}|${entry.rateCode ?? ''}`;
    const group = groups.get(key);
    if (group) group.amount = group.amount.plus(entry.amount);
    else groups.set(key, { ...entry });
  };
  for (const line of lines) {
    if (line.breakdown) line.breakdown.forEach(add);
    else for (const tax of line.taxes) add({ code: tax.code, rateCode: tax.rateCode, amount: tax.amount.minus(tax.exoneration?.amount ?? ZERO).minus(tax.assumed) });
  }
  return [...groups.values()];
}

/**
 * Gives every payment its TotalMedioPago: the one that leaves its amount out takes what the others leave.
 * Whether they add up (and at most one leaves its amount out) is the rule catalogue's to check.
 */
export function splitPayments(payments: PaymentInput[], total: Decimal): Payment[] {
  const given = sum(payments.map((p) => (p.amount === undefined ? ZERO : round5(p.amount))));
  let remainder = total.minus(given);
  return payments.map((p) => {
    if (p.amount !== undefined) return { method: p.method, methodOther: p.methodOther, amount: round5(p.amount) };
    const amount = remainder.isNegative() ? ZERO : remainder;
    remainder = ZERO;
    return { method: p.method, methodOther: p.methodOther, amount };
  });
}

type Categories = Pick<Summary, 'taxedServices' | 'exemptServices' | 'exoneratedServices' | 'nonSubjectServices' | 'taxedGoods' | 'exemptGoods' | 'exoneratedGoods' | 'nonSubjectGoods'>;

/** Goods and services totals of the four categories, in one pass that adds only non-zero parts. */
function categorize(lines: SummaryInput['lines'], documentType: DocumentTypeCode): Categories {
  const c: Categories = {
    taxedServices: ZERO, exemptServices: ZERO, exoneratedServices: ZERO, nonSubjectServices: ZERO,
    taxedGoods: ZERO, exemptGoods: ZERO, exoneratedGoods: ZERO, nonSubjectGoods: ZERO,
  };
  for (const line of lines) {
    const split = classifyLine(line.amounts, documentType);
    const add = (key: keyof Categories, part: Decimal) => {
      if (!part.isZero()) c[key] = c[key].plus(part);
    };
    add(line.isService ? 'taxedServices' : 'taxedGoods', split.taxed);
    add(line.isService ? 'exemptServices' : 'exemptGoods', split.exempt);
    add(line.isService ? 'exoneratedServices' : 'exoneratedGoods', split.exonerated);
    add(line.isService ? 'nonSubjectServices' : 'nonSubjectGoods', split.nonSubject);
  }
  return c;
}

export function computeSummary(input: SummaryInput): Summary {
  const s = categorize(input.lines, input.documentType);
  const amounts = input.lines.map((l) => l.amounts);
  const taxed = s.taxedServices.plus(s.taxedGoods);
  const exempt = s.exemptServices.plus(s.exemptGoods);
  const exonerated = s.exoneratedServices.plus(s.exoneratedGoods);
  const nonSubject = s.nonSubjectServices.plus(s.nonSubjectGoods);
  const sales = taxed.plus(exempt).plus(exonerated).plus(nonSubject);
  const discounts = sum(amounts.map((l) => l.discountTotal));
  const netSales = sales.minus(discounts);
  const tax = sum(amounts.map((l) => l.netTax));
  const total = input.documentType === '10' ? sales : netSales.plus(tax).plus(input.otherCharges).minus(input.ivaReturned);
  return {
    currency: input.currency,
    exchangeRate: input.exchangeRate,
    ...s,
    taxed,
    exempt,
    exonerated,
    nonSubject,
    sales,
    discounts,
    netSales,
    taxBreakdown: breakdown(amounts),
    tax,
    assumedTax: sum(amounts.map((l) => l.assumedTax)),
    ivaReturned: input.ivaReturned,
    otherCharges: input.otherCharges,
    payments: splitPayments(input.payments, total),
    total,
  };
}
