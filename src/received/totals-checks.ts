/**
 * A supplier's arithmetic, recomputed from its own stated amounts with the annex's formulas: each line's
 * MontoTotal, SubTotal, ImpuestoNeto and MontoTotalLinea, and the summary's sums. A difference over one cent
 * is a finding the buyer sees (it may answer with a partial acceptance); the tax authority's answer, not our
 * arithmetic, decides whether the document is valid, so these findings do not block the credit.
 */
import type { Decimal } from 'decimal.js';
import type { DocumentModel, Line } from '../domain/document-model.ts';
import { Dec, round5, sum } from '../domain/money.ts';
import type { Finding } from './findings.ts';

/** One cent: the precision the buyer's books and the VAT return are kept to. */
const TOLERANCE = new Dec('0.01');

function differs(stated: Decimal, computed: Decimal): boolean {
  return stated.minus(computed).abs().gt(TOLERANCE);
}

const text = (d: Decimal) => d.toFixed(5);

function lineFindings(line: Line): Finding[] {
  const found: Finding[] = [];
  const check = (field: string, stated: Decimal, computed: Decimal) => {
    if (differs(stated, computed)) {
      found.push({ code: 'line_total_mismatch', params: { line: String(line.number), field, stated: text(stated), computed: text(computed) } });
    }
  };
  check('MontoTotal', line.amount, round5(line.quantity.times(line.unitPrice)));
  check('SubTotal', line.subtotal, line.amount.minus(sum(line.discounts.map((d) => d.amount))));
  const exonerated = sum(line.taxes.map((t) => t.exoneration?.amount ?? new Dec(0)));
  check('ImpuestoNeto', line.netTax, sum(line.taxes.map((t) => t.amount)).minus(exonerated).minus(line.assumedTax));
  check('MontoTotalLinea', line.total, line.subtotal.plus(line.netTax));
  return found;
}

function summaryFindings(model: DocumentModel): Finding[] {
  const s = model.summary;
  const lines = model.lines;
  // The payment receipt (REP) totals its MontoTotal; every other type its lines, charges and VAT refunded.
  const total = model.type === '10'
    ? sum(lines.map((l) => l.amount))
    : sum(lines.map((l) => l.total)).plus(sum(model.otherCharges.map((c) => c.amount))).minus(s.ivaReturned);
  const expected: [string, Decimal, Decimal][] = [
    ['TotalVenta', s.sales, sum(lines.map((l) => l.amount))],
    ['TotalDescuentos', s.discounts, sum(lines.flatMap((l) => l.discounts.map((d) => d.amount)))],
    ['TotalVentaNeta', s.netSales, s.sales.minus(s.discounts)],
    ['TotalImpuesto', s.tax, sum(lines.map((l) => l.netTax))],
    ['TotalDesgloseImpuesto', sum(s.taxBreakdown.map((b) => b.amount)), s.tax],
    ['TotalOtrosCargos', s.otherCharges, sum(model.otherCharges.map((c) => c.amount))],
    ['TotalComprobante', s.total, total],
  ];
  return expected
    .filter(([, stated, computed]) => differs(stated, computed))
    .map(([field, stated, computed]) => ({ code: 'summary_mismatch', params: { field, stated: text(stated), computed: text(computed) } }));
}

/** Every arithmetic finding of the document, lines first. */
export function totalsFindings(model: DocumentModel): Finding[] {
  return [...model.lines.flatMap(lineFindings), ...summaryFindings(model)];
}
