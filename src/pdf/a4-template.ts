/**
 * The A4 layout: issuer and logo on the left with the identification box on the right (document type,
 * consecutive and clave together, as Nota 1 of the annex requires), receiver and sale facts, the line
 * table, payments and verdict beside the totals, and at the foot of every page the QR code of the clave,
 * the branding footer and the page number.
 */
import type { ReactElement } from 'react';
import { Document, Page, StyleSheet, Text, View, type DocumentProps } from '@react-pdf/renderer';
import { FONT_FAMILY } from './fonts.ts';
import { documentInfo, h, logo, qrCode, row, rows, section, testBanner, verdictBlock } from './parts.ts';
import type { LineView } from './line-view.ts';
import type { PartyView } from './party-view.ts';
import type { PdfView } from './view-model.ts';

const FONT_SIZE = 8.5;

const s = StyleSheet.create({
  // No lineHeight on the page: react-pdf 4.9 then drops the text of `render` nodes (the page number).
  page: { fontFamily: FONT_FAMILY, fontSize: FONT_SIZE, paddingTop: 32, paddingBottom: 96, paddingHorizontal: 36, color: '#1A1A1A' },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 10 },
  issuer: { width: '50%' },
  issuerName: { fontSize: 13, fontWeight: 'bold', marginBottom: 2 },
  idBox: { width: '48%', borderWidth: 1, borderRadius: 3 },
  idTitle: { color: '#FFFFFF', fontSize: 11, fontWeight: 'bold', paddingVertical: 4, paddingHorizontal: 6 },
  idBody: { padding: 6 },
  idLabel: { fontSize: 7, color: '#555555' },
  idValue: { fontWeight: 'bold', marginBottom: 3 },
  // In the top margin of every page (a later page alone still says it is a test). Not a diagonal
  // watermark: its letters would be read into the lines of the table by text extraction and screen readers.
  testStrip: { position: 'absolute', top: 12, left: 36, right: 36, textAlign: 'center', fontSize: 8, fontWeight: 'bold', color: '#B3261E' },
  parties: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 10 },
  box: { width: '48.5%', borderWidth: 0.5, borderColor: '#BBBBBB', borderRadius: 3, padding: 6 },
  boxTitle: { fontWeight: 'bold', marginBottom: 2 },
  tableHead: { flexDirection: 'row', color: '#FFFFFF', fontWeight: 'bold', paddingVertical: 3 },
  tableRow: { flexDirection: 'row', paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: '#DDDDDD' },
  code: { fontSize: 6.5, color: '#555555' },
  bottom: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 10 },
  notes: { width: '52%' },
  totals: { width: '42%' },
  grandTotal: { fontSize: 11, fontWeight: 'bold', borderTopWidth: 1, paddingTop: 3, marginTop: 3 },
  foot: { position: 'absolute', left: 36, right: 36, bottom: 24, flexDirection: 'row', alignItems: 'flex-end' },
  footText: { width: 440, paddingLeft: 8, fontSize: 7, color: '#444444' },
});

/** Line table columns: width share and alignment. */
const COLUMNS: readonly { key: keyof LineView; width: string; right?: boolean }[] = [
  { key: 'number', width: '4%' },
  { key: 'description', width: '34%' },
  { key: 'quantity', width: '8%', right: true },
  { key: 'unit', width: '7%' },
  { key: 'unitPrice', width: '14%', right: true },
  { key: 'discount', width: '11%', right: true },
  { key: 'tax', width: '8%', right: true },
  { key: 'subtotal', width: '14%', right: true },
];

function cell(text: string, width: string, right: boolean | undefined, extra?: ReactElement): ReactElement {
  return h(View, { style: { width, paddingHorizontal: 2 } }, h(Text, { style: { textAlign: right ? 'right' : 'left' } }, text), extra ?? null);
}

function lineTable(view: PdfView): ReactElement {
  const l = view.labels;
  const titles = l.columns;
  return h(
    View,
    null,
    // Repeated at the top of every page the table runs onto.
    h(View, { style: [s.tableHead, { backgroundColor: view.color }], fixed: true }, ...COLUMNS.map((c) => cell(titles[c.key], c.width, c.right))),
    ...view.lines.map((line) =>
      h(
        View,
        { style: s.tableRow, wrap: false },
        ...COLUMNS.map((c) =>
          c.key === 'description'
            ? cell(line.description, c.width, false, h(Text, { style: s.code }, `${titles.code}: ${line.code}`))
            : cell(line[c.key], c.width, c.right),
        ),
      ),
    ),
  );
}

function partyBox(title: string, party: PartyView): ReactElement {
  return h(View, { style: s.box }, h(Text, { style: s.boxTitle }, `${title}: ${party.name}`), ...party.details.map((d) => h(Text, null, d)));
}

function header(view: PdfView): ReactElement {
  const l = view.labels;
  return h(
    View,
    { style: s.header },
    h(
      View,
      { style: s.issuer },
      logo(view, { maxHeight: 56, maxWidth: 160, marginBottom: 6, alignSelf: 'flex-start', objectPosition: 'left' }),
      h(Text, { style: s.issuerName }, view.issuer.name),
      ...view.issuer.details.map((d) => h(Text, null, d)),
    ),
    h(
      View,
      { style: [s.idBox, { borderColor: view.color }] },
      h(Text, { style: [s.idTitle, { backgroundColor: view.color }] }, view.title),
      h(
        View,
        { style: s.idBody },
        h(Text, { style: s.idLabel }, l.consecutive),
        h(Text, { style: s.idValue }, view.consecutive),
        h(Text, { style: s.idLabel }, l.clave),
        h(Text, { style: [s.idValue, { fontSize: 7 }] }, view.clave),
        h(Text, { style: s.idLabel }, l.issuedAt),
        h(Text, { style: s.idValue }, view.issuedAt),
      ),
    ),
  );
}

function foot(view: PdfView): ReactElement {
  const l = view.labels;
  return h(
    View,
    { style: s.foot, fixed: true },
    qrCode(view.qr, 64),
    h(
      View,
      { style: s.footText },
      view.footer ? h(Text, { style: { fontSize: 8, color: '#1A1A1A' } }, view.footer) : null,
      h(Text, null, l.legend),
      h(Text, { render: ({ pageNumber, totalPages }) => `${l.page} ${pageNumber} / ${totalPages}` }),
    ),
  );
}

export function a4Document(view: PdfView): ReactElement<DocumentProps> {
  const l = view.labels;
  return h(
    Document,
    documentInfo(view),
    h(
      Page,
      { size: 'A4', style: s.page },
      view.test ? h(Text, { style: s.testStrip, fixed: true }, l.testEnvironment) : null,
      header(view),
      testBanner(view, '#B3261E', FONT_SIZE, { marginTop: 0, marginBottom: 8 }),
      h(
        View,
        { style: s.parties },
        view.receiver ? partyBox(l.receiver, view.receiver) : h(View, { style: [s.box, { borderWidth: 0 }] }),
        h(View, { style: s.box }, ...rows(view.facts)),
      ),
      lineTable(view),
      h(
        View,
        { style: s.bottom, wrap: false },
        h(
          View,
          { style: s.notes },
          section(l.otherCharges, view.otherCharges.map(([detail, amount]) => `${detail}: ${amount}`), { marginTop: 0 }),
          section(l.payments, view.payments.map(([method, amount]) => `${method}: ${amount}`)),
          section(l.references, view.references),
          section(l.notes, view.notes),
          verdictBlock(view, FONT_SIZE),
        ),
        h(View, { style: s.totals }, ...rows(view.totals, { marginBottom: 1 }), row(view.total, s.grandTotal)),
      ),
      foot(view),
    ),
  );
}
