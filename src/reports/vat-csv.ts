/**
 * The worksheet as CSV (docs/vat-worksheet.md): a header, one row per line — section, line id, label, base,
 * tax or amount, documents — and the notice as the last row. RFC 4180 with commas and CRLF, in UTF-8 with a
 * byte-order mark, as the fiscal archive's index.csv: a spreadsheet opened by double-click shows the accents
 * right. Amounts have a dot and two decimals, never a thousands separator. Every text is the app's own
 * (labels, the notice): nothing a supplier wrote reaches the file.
 */
import type { LabelledWorksheet } from './labelled-worksheet.ts';

const HEADER: Readonly<Record<'es' | 'en', readonly string[]>> = {
  es: ['sección', 'línea', 'descripción', 'base', 'impuesto o monto', 'documentos'],
  en: ['section', 'line', 'label', 'base', 'tax or amount', 'documents'],
};

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const row = (cells: readonly string[]) => `${cells.map(field).join(',')}\r\n`;

export function vatCsv(ws: LabelledWorksheet, language: 'es' | 'en'): Buffer {
  let text = `\uFEFF${row(HEADER[language])}`;
  for (const section of ws.sections) {
    for (const line of section.lines) {
      text += row([section.id, line.id, line.label, line.base ?? '', line.tax ?? line.amount ?? '', String(line.documents)]);
    }
  }
  text += row([language === 'es' ? 'aviso' : 'notice', '', ws.notice, '', '', '']);
  return Buffer.from(text, 'utf8');
}
