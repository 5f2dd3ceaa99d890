/**
 * A shift's X/Z report, or the day's Z, as an A4 PDF (@react-pdf/renderer, as the VAT worksheet's): the
 * till and who opened and closed it, the totals, each payment method's expected, counted and difference,
 * the cash reconciliation, tax per rate, currencies, cashiers, movements, voids, and the documents added up
 * and left out. Runs in a worker (shift-report-pdf-renderer.ts).
 */
import type { ReactElement } from 'react';
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { displayAmount } from '../domain/amount-text.ts';
import { Dec } from '../domain/money.ts';
import type { ShiftReport } from '../domain/shift-report.ts';
import { rateLabel, reportMoney, reportTime, shiftReportWords, typeName, type ShiftReportWords } from '../i18n/shift-report-words.ts';
import { FONT_FAMILY, registerFonts } from '../pdf/fonts.ts';
import { h } from '../pdf/parts.ts';

export interface ShiftPdfRequest {
  report: ShiftReport;
  organization: { name: string; identification: string };
  language: 'es' | 'en';
}

const s = StyleSheet.create({
  page: { fontFamily: FONT_FAMILY, fontSize: 8.5, paddingTop: 32, paddingBottom: 48, paddingHorizontal: 36, color: '#1A1A1A' },
  title: { fontSize: 15, fontWeight: 'bold', marginBottom: 2 },
  sectionTitle: { fontSize: 10, fontWeight: 'bold', marginTop: 10, marginBottom: 3, paddingBottom: 2, borderBottomWidth: 1 },
  head: { flexDirection: 'row', fontWeight: 'bold', color: '#555555', paddingVertical: 2 },
  row: { flexDirection: 'row', paddingVertical: 2, borderBottomWidth: 0.5, borderBottomColor: '#DDDDDD' },
  strong: { flexDirection: 'row', paddingVertical: 3, fontWeight: 'bold', borderTopWidth: 1 },
  foot: { position: 'absolute', left: 36, right: 36, bottom: 20, fontSize: 7, color: '#555555', flexDirection: 'row', justifyContent: 'space-between' },
});

const money = (value: string | null) => reportMoney(value, '—');
/** Money going out, shown with its sign (never "-0.00"). */
const minus = (value: string) => (new Dec(value).isZero() ? value : `-${value}`);

/** A table: headers with widths, rows of cells (right-aligned but the first). */
function table(widths: string[], head: string[] | null, rows: string[][], strongLast = false): ReactElement {
  const cells = (values: string[]) => values.map((v, i) =>
    h(View, { key: i, style: { width: widths[i], paddingHorizontal: 2 } }, h(Text, { style: { textAlign: i === 0 ? 'left' : 'right' } }, v)));
  return h(
    View,
    null,
    head ? h(View, { style: s.head }, ...cells(head)) : null,
    ...rows.map((r, i) => h(View, { key: i, style: strongLast && i === rows.length - 1 ? s.strong : s.row, wrap: false }, ...cells(r))),
  );
}

const section = (title: string, body: ReactElement | null) => h(View, { wrap: true }, h(Text, { style: s.sectionTitle, minPresenceAhead: 30 }, title), body);

function header(r: ShiftReport, w: ShiftReportWords): ReactElement[] {
  const lines = r.shifts.length === 1 && r.kind !== 'day'
    ? [
        `${w.shift} ${r.shifts[0]!.id} · ${w.till} ${r.shifts[0]!.branch}-${r.shifts[0]!.terminal}`,
        `${w.opened}: ${reportTime(r.shifts[0]!.opened_at)} ${r.shifts[0]!.opened_by?.name ?? ''}`,
        `${w.closed}: ${r.shifts[0]!.closed_at ? `${reportTime(r.shifts[0]!.closed_at)} ${r.shifts[0]!.closed_by?.name ?? ''}` : '—'}`,
      ]
    : [`${w.date}: ${r.date ?? ''} · ${w.shifts}: ${r.shifts.length}`];
  return lines.map((line, i) => h(Text, { key: i }, line));
}

function body(r: ShiftReport, w: ShiftReportWords): ReactElement[] {
  const name = (p: { name: string } | null) => p?.name ?? w.noCashier;
  return [
    section(w.documents, table(['55%', '15%', '30%'], null, [
      ...r.by_type.map((t) => [typeName(w, t.document_type), String(t.count), money(t.total)]),
      [w.sales, '', money(r.totals.sales)], [w.refunds, '', money(r.totals.refunds)], [w.net, String(r.totals.documents), money(r.totals.net)],
    ], true)),
    section(w.byMethod, table(['34%', '22%', '22%', '22%'], ['', w.sales, w.refunds, w.net], r.by_method.map((m) => [w.methods[m.method], money(m.sales), money(m.refunds), money(m.net)]))),
    section(w.cash, table(['70%', '30%'], null, [
      [w.openingFloat, money(r.cash.opening_float)], [w.cashSales, money(r.cash.sales)], [w.cashRefunds, money(minus(r.cash.refunds))],
      [w.movementsIn, money(r.cash.movements_in)], [w.movementsOut, money(minus(r.cash.movements_out))], [w.expected, money(r.cash.expected)],
    ], true)),
    section(r.count.counted === null ? `${w.count} — ${w.notCounted}` : w.count, table(['34%', '22%', '22%', '22%'], ['', w.expected, w.counted, w.difference], [
      ...r.count.methods.map((m) => [w.methods[m.method], money(m.expected), money(m.counted), money(m.difference)]),
      [w.total, money(r.count.expected), money(r.count.counted), money(r.count.difference)],
    ], true)),
    r.count.denominations ? section(w.denominations, table(['40%', '20%', '40%'], null, r.count.denominations.map((d) => [money(d.value), `× ${d.quantity}`, money(d.amount)]))) : h(View, null),
    section(w.taxByRate, table(['40%', '30%', '30%'], ['', w.base, w.tax], r.tax.map((t) => [rateLabel(w, t.rate_code), money(t.base), money(t.tax)]))),
    section(w.currencies, table(['25%', '15%', '30%', '30%'], null, r.currencies.map((c) => [c.currency, String(c.count), `${c.currency} ${displayAmount(c.total)}`, money(c.total_crc)]))),
    section(w.cashiers, table(['40%', '12%', '16%', '16%', '16%'], ['', w.documents, w.sales, w.refunds, w.net], r.cashiers.map((c) => [name(c.cashier), String(c.documents), money(c.sales), money(c.refunds), money(c.net)]))),
    section(w.movements, r.movements.length === 0 ? h(Text, null, w.none) : table(['20%', '50%', '30%'], null, r.movements.map((m) => [`${reportTime(m.created_at)} ${m.kind === 'in' ? w.in : w.out}`, `${m.reason} (${name(m.cashier)})`, money(m.kind === 'in' ? m.amount : minus(m.amount))]))),
    section(w.voids, r.voids.length === 0 ? h(Text, null, w.none) : table(['30%', '40%', '30%'], null, r.voids.map((v) => [v.consecutive, `${w.voided} ${v.voided_consecutive} · ${name(v.cashier)}${v.approved_by ? ` · ${w.approvedBy}: ${v.approved_by.name}` : ''}`, money(v.total_crc)]))),
    section(w.listed, table(['36%', '24%', '20%', '20%'], null, r.documents.map((d) => [d.consecutive, typeName(w, d.document_type), d.currency === 'CRC' ? '' : `${d.currency} ${displayAmount(d.total)}`, money(d.total_crc)]))),
    section(w.excluded, r.excluded.length === 0 ? h(Text, null, w.none) : table(['36%', '34%', '30%'], null, r.excluded.map((d) => [d.consecutive, `${typeName(w, d.document_type)} · ${w.reasons[d.reason]}`, `${d.currency} ${displayAmount(d.total)}`]))),
  ];
}

export function shiftReportDocument(request: ShiftPdfRequest): ReactElement {
  const { report: r, organization, language } = request;
  const w = shiftReportWords(language);
  const title = w[r.kind];
  return h(
    Document,
    { title, author: organization.name, creator: 'Facturador', producer: 'Facturador', language },
    h(
      Page,
      { size: 'A4', style: s.page },
      h(Text, { style: s.title }, title),
      h(Text, null, `${organization.name} · ${organization.identification}`),
      ...header(r, w),
      ...body(r, w),
      h(
        View,
        { style: s.foot, fixed: true },
        h(Text, null, `${organization.name} · ${title} · ${w.generated} ${reportTime(r.generated_at)}`),
        h(Text, { render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `${pageNumber} / ${totalPages}` }),
      ),
    ),
  );
}

export async function renderShiftReportPdf(request: ShiftPdfRequest): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(shiftReportDocument(request) as Parameters<typeof renderToBuffer>[0]);
}
