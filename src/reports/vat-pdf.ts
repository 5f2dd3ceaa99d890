/**
 * The worksheet as an A4 PDF (@react-pdf/renderer, as src/pdf/ lays out documents): the organization's name
 * and identification, the month, the notice that the grouping is ours in a box at the top where it cannot be
 * missed, each section's lines, the totals, and the warnings. Runs in a worker (vat-pdf-renderer.ts).
 */
import type { ReactElement } from 'react';
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { displayAmount } from '../domain/amount-text.ts';
import { FONT_FAMILY, registerFonts } from '../pdf/fonts.ts';
import { h } from '../pdf/parts.ts';
import type { LabelledWorksheet } from './labelled-worksheet.ts';

export interface VatPdfRequest {
  worksheet: LabelledWorksheet;
  organization: { name: string; identification: string };
  language: 'es' | 'en';
  /** When it was made, ISO 8601: printed at the foot. */
  generatedAt: string;
}

const WORDS = {
  es: {
    title: 'Hoja de trabajo del IVA', month: 'Mes', id: 'Identificación', base: 'Base', tax: 'Impuesto', amount: 'Monto',
    documents: 'Doc.', none: 'Nada en este mes.', warnings: 'Avisos', generated: 'Generada el', notice: 'Aviso', currency: 'Montos en colones',
  },
  en: {
    title: 'VAT worksheet', month: 'Month', id: 'Identification', base: 'Base', tax: 'Tax', amount: 'Amount',
    documents: 'Docs', none: 'Nothing this month.', warnings: 'Warnings', generated: 'Made on', notice: 'Notice', currency: 'Amounts in colones',
  },
} as const;

const s = StyleSheet.create({
  page: { fontFamily: FONT_FAMILY, fontSize: 8.5, paddingTop: 32, paddingBottom: 48, paddingHorizontal: 36, color: '#1A1A1A' },
  title: { fontSize: 15, fontWeight: 'bold', marginBottom: 2 },
  org: { fontSize: 10, marginBottom: 1 },
  notice: { borderWidth: 1.5, borderColor: '#8A6100', backgroundColor: '#FFF6DB', borderRadius: 3, padding: 8, marginVertical: 10 },
  noticeTitle: { fontWeight: 'bold', marginBottom: 2 },
  sectionTitle: { fontSize: 10, fontWeight: 'bold', marginTop: 10, marginBottom: 3, paddingBottom: 2, borderBottomWidth: 1 },
  head: { flexDirection: 'row', fontWeight: 'bold', color: '#555555', paddingVertical: 2 },
  row: { flexDirection: 'row', paddingVertical: 2.5, borderBottomWidth: 0.5, borderBottomColor: '#DDDDDD' },
  total: { flexDirection: 'row', paddingVertical: 3, fontWeight: 'bold', fontSize: 10, borderTopWidth: 1 },
  warning: { color: '#8A6100', marginBottom: 2 },
  foot: { position: 'absolute', left: 36, right: 36, bottom: 20, fontSize: 7, color: '#555555', flexDirection: 'row', justifyContent: 'space-between' },
});

const cell = (text: string, width: string, right = false) =>
  h(View, { style: { width, paddingHorizontal: 2 } }, h(Text, { style: { textAlign: right ? 'right' : 'left' } }, text));

const money = (value: string | null) => (value === null ? '' : `₡${displayAmount(value)}`);

function sectionTable(section: LabelledWorksheet['sections'][number], w: (typeof WORDS)['es' | 'en']): ReactElement {
  const amounts = section.lines.every((l) => l.amount !== null);
  const last = section.lines.length - 1;
  if (section.lines.length === 0) return h(View, null, h(Text, { style: s.sectionTitle }, section.label), h(Text, { style: { color: '#555555' } }, w.none));
  return h(
    View,
    { wrap: true },
    h(Text, { style: s.sectionTitle, minPresenceAhead: 40 }, section.label),
    h(View, { style: s.head }, cell('', '52%'), cell(amounts ? '' : w.base, '18%', true), cell(amounts ? w.amount : w.tax, '20%', true), cell(w.documents, '10%', true)),
    ...section.lines.map((line, i) =>
      h(
        View,
        { style: section.id === 'determination' && i === last ? s.total : s.row, wrap: false },
        cell(line.label, '52%'),
        cell(money(line.base), '18%', true),
        cell(money(line.tax ?? line.amount), '20%', true),
        cell(line.documents > 0 ? String(line.documents) : '', '10%', true),
      ),
    ),
  );
}

function vatPdfDocument(request: VatPdfRequest): ReactElement {
  const { worksheet: ws, organization, language } = request;
  const w = WORDS[language];
  return h(
    Document,
    { title: `${w.title} ${ws.month}`, author: organization.name, creator: 'Facturador', producer: 'Facturador', language },
    h(
      Page,
      { size: 'A4', style: s.page },
      h(Text, { style: s.title }, `${w.title} — ${w.month} ${ws.month}`),
      h(Text, { style: s.org }, organization.name),
      h(Text, null, `${w.id}: ${organization.identification} · ${w.currency}`),
      h(View, { style: s.notice }, h(Text, { style: s.noticeTitle }, w.notice), h(Text, null, ws.notice)),
      ...ws.sections.map((section) => sectionTable(section, w)),
      ws.warnings.length > 0
        ? h(View, { style: { marginTop: 12 } }, h(Text, { style: s.sectionTitle }, w.warnings), ...ws.warnings.map((x) => h(Text, { style: s.warning }, `• ${x.message}`)))
        : null,
      h(
        View,
        { style: s.foot, fixed: true },
        h(Text, null, `${organization.name} · ${w.title} ${ws.month} · ${w.generated} ${request.generatedAt.slice(0, 10)}`),
        h(Text, { render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `${pageNumber} / ${totalPages}` }),
      ),
    ),
  );
}

export async function renderVatPdf(request: VatPdfRequest): Promise<Buffer> {
  registerFonts();
  return renderToBuffer(vatPdfDocument(request) as Parameters<typeof renderToBuffer>[0]);
}
