/**
 * Pieces both layouts print: the QR code, label/value rows, the verdict, the logo. Written with
 * React.createElement rather than JSX so that the project needs no JSX compiler setting (tsconfig, esbuild
 * and vitest stay as they are); `h` is the short name JSX would compile to.
 */
import { createElement as h, type ReactElement } from 'react';
import { Image, Path, Svg, Text, View, type DocumentProps, type Styles } from '@react-pdf/renderer';
import type { QrPath } from './qr.ts';
import type { Row } from './summary-view.ts';
import type { PdfView, Tone } from './view-model.ts';

export { h };
export type Style = Styles[string];

/** The PDF's metadata: what a viewer shows as its title and author. */
export function documentInfo(view: PdfView): DocumentProps {
  return { title: `${view.title} ${view.consecutive}`, author: view.issuer.name, creator: 'Facturador', producer: 'Facturador', language: view.lang };
}

export const TONE_COLORS: Readonly<Record<Tone, string>> = { ok: '#1B7F3B', bad: '#B3261E', pending: '#8A6100' };

export function qrCode(qr: QrPath, size: number): ReactElement {
  return h(Svg, { width: size, height: size, viewBox: `0 0 ${qr.size} ${qr.size}` }, h(Path, { d: qr.d, fill: '#000000' }));
}

/** Label on the left, value on the right, on one line. */
export function row([label, value]: readonly [string, string], style: Style = {}): ReactElement {
  return h(
    View,
    { style: { flexDirection: 'row', justifyContent: 'space-between', ...style } },
    h(Text, { style: { flexShrink: 1, paddingRight: 4 } }, label),
    h(Text, { style: { textAlign: 'right' } }, value),
  );
}

export function rows(list: readonly Row[], style: Style = {}): ReactElement[] {
  return list.map((r) => row(r, style));
}

/** The state at the tax authority, in its colour, with the tax authority's own message once it decided. */
export function verdictBlock(view: PdfView, fontSize: number): ReactElement {
  const { verdict, labels } = view;
  return h(
    View,
    { style: { marginTop: 4 } },
    h(Text, { style: { fontWeight: 'bold' } }, labels.verdict),
    h(Text, { style: { color: TONE_COLORS[verdict.tone], fontWeight: 'bold' } }, verdict.status),
    verdict.message ? h(Text, { style: { fontSize: fontSize - 1 } }, verdict.message) : null,
  );
}

export function logo(view: PdfView, style: Style): ReactElement | null {
  return view.logo ? h(Image, { src: view.logo, style: { objectFit: 'contain', ...style } }) : null;
}

/** A titled list of lines (references, notes), or nothing when the list is empty. */
export function section(title: string, lines: readonly string[], style: Style = {}): ReactElement | null {
  if (lines.length === 0) return null;
  return h(
    View,
    { style: { marginTop: 4, ...style } },
    h(Text, { style: { fontWeight: 'bold' } }, title),
    ...lines.map((line) => h(Text, null, line)),
  );
}

/**
 * A staging document's mark (the sandbox has no fiscal value): white on `color`, so it survives a
 * black-and-white thermal printer and cannot be mistaken for a note. Nothing for production documents.
 */
export function testBanner(view: PdfView, color: string, fontSize: number, style: Style = {}): ReactElement | null {
  if (!view.test) return null;
  return h(
    View,
    { style: { backgroundColor: color, padding: 3, marginVertical: 3, alignItems: 'center', ...style }, wrap: false },
    h(Text, { style: { color: '#FFFFFF', fontWeight: 'bold', fontSize: fontSize + 2, textAlign: 'center' } }, view.labels.testEnvironment),
    h(Text, { style: { color: '#FFFFFF', fontSize: fontSize - 1, textAlign: 'center' } }, view.labels.testDetail),
  );
}
