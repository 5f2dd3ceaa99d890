/**
 * The 80 mm receipt layout for thermal printers: one column, a page as long as the receipt (no height is
 * given, react-pdf sizes the page to its content), the clave in a size that fits the paper on one line, and
 * the QR code of the clave at the end.
 */
import type { ReactElement } from 'react';
import { Document, Page, StyleSheet, Text, View, type DocumentProps } from '@react-pdf/renderer';
import { FONT_FAMILY } from './fonts.ts';
import { documentInfo, h, logo, qrCode, row, rows, section, testBanner, verdictBlock } from './parts.ts';
import type { LineView } from './line-view.ts';
import type { Row } from './summary-view.ts';
import { unitWords } from './unit-words.ts';
import type { PdfView } from './view-model.ts';

const FONT_SIZE = 7.5;

const s = StyleSheet.create({
  page: { fontFamily: FONT_FAMILY, fontSize: FONT_SIZE, padding: 10, color: '#000000', lineHeight: 1.25 },
  center: { alignItems: 'center', textAlign: 'center' },
  issuerName: { fontSize: 10, fontWeight: 'bold', textAlign: 'center' },
  rule: { borderBottomWidth: 0.75, borderBottomColor: '#000000', borderStyle: 'dashed', marginVertical: 4 },
  title: { fontSize: 9, fontWeight: 'bold', textAlign: 'center', color: '#FFFFFF', paddingVertical: 2, marginBottom: 2 },
  bold: { fontWeight: 'bold' },
  // 50 digits at 6 pt are about 190 pt wide: one line inside the 80 mm paper's printable width.
  clave: { fontSize: 6, textAlign: 'center' },
  line: { marginBottom: 2 },
  total: { fontSize: 10, fontWeight: 'bold', marginTop: 2 },
  small: { fontSize: 6.5, textAlign: 'center' },
});

function rule(): ReactElement {
  return h(View, { style: s.rule });
}

function line(item: LineView, discountLabel: string, unit: string): ReactElement {
  const amounts = `${item.quantity} ${unit} × ${item.unitPrice}${item.tax ? `  (${item.tax})` : ''}`;
  return h(
    View,
    { style: s.line, wrap: false },
    h(Text, null, item.description),
    row([amounts, item.subtotal]),
    item.discount ? row([`  ${discountLabel}`, `-${item.discount}`]) : null,
  );
}

/** `cash`: the cash received and the change (cash-rows.ts), printed under the payment methods. */
export function receiptDocument(view: PdfView, cash: readonly Row[] = []): ReactElement<DocumentProps> {
  const l = view.labels;
  return h(
    Document,
    documentInfo(view),
    h(
      Page,
      // One continuous page: a receipt is never cut into pages, its height is its content's.
      { size: { width: '80mm' }, style: s.page, wrap: false },
      h(View, { style: s.center }, logo(view, { maxHeight: 40, maxWidth: 140, marginBottom: 4 })),
      h(Text, { style: s.issuerName }, view.issuer.name),
      ...view.issuer.details.map((d) => h(Text, { style: { textAlign: 'center' } }, d)),
      rule(),
      h(Text, { style: [s.title, { backgroundColor: view.color }] }, view.title),
      testBanner(view, '#000000', FONT_SIZE),
      row([l.consecutive, view.consecutive]),
      row([l.issuedAt, view.issuedAt]),
      h(Text, { style: s.bold }, l.clave),
      h(Text, { style: s.clave }, view.clave),
      view.receiver ? h(View, { style: { marginTop: 3 } }, h(Text, { style: s.bold }, `${l.receiver}: ${view.receiver.name}`), ...view.receiver.details.map((d) => h(Text, null, d))) : null,
      rule(),
      ...rows(view.facts),
      rule(),
      ...view.lines.map((item) => line(item, l.columns.discount, unitWords(item.unit, view.lang))),
      rule(),
      ...rows(view.otherCharges),
      ...rows(view.totals),
      row(view.total, s.total),
      rule(),
      section(l.payments, view.payments.map(([method, amount]) => `${method}: ${amount}`), { marginTop: 0 }),
      ...rows(cash, s.bold),
      section(l.references, view.references),
      section(l.notes, view.notes),
      verdictBlock(view, FONT_SIZE),
      h(View, { style: [s.center, { marginTop: 6 }] }, qrCode(view.qr, 96)),
      view.footer ? h(Text, { style: { textAlign: 'center', marginTop: 4 } }, view.footer) : null,
      // Again at the foot: a receipt torn or folded still says it is a test.
      testBanner(view, '#000000', FONT_SIZE, { marginTop: 4 }),
      h(Text, { style: [s.small, { marginTop: 2 }] }, l.legend),
    ),
  );
}
