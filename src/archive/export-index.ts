/**
 * `index.csv` of an export: one line per document, issued here or imported. RFC 4180 (CRLF, quotes where
 * needed) in UTF-8 with a byte-order mark, so that a spreadsheet opened by double-click shows accents right.
 * The text is compressed as it is produced (one deflate stream for the whole file), so a 100,000-line
 * index costs memory only in its compressed form.
 */
import { createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { crc32 } from './crc32.ts';
import type { DeflatedEntry } from './zip-writer.ts';

export const INDEX_COLUMNS = [
  'source', 'clave', 'consecutive', 'document_type', 'document_type_name', 'issued_at', 'status', 'hacienda_status',
  'hacienda_response_at', 'issuer_identification', 'issuer_name', 'receiver_identification', 'receiver_name',
  'currency', 'exchange_rate', 'net_amount', 'tax_amount', 'total_amount', 'xml_file', 'response_file',
] as const;

export type IndexColumn = (typeof INDEX_COLUMNS)[number];
export type IndexRow = Record<IndexColumn, string | null>;

/**
 * A leading =, +, -, @, tab or CR makes a spreadsheet run the cell as a formula (=HYPERLINK(…), @SUM(…)).
 * Every column is neutralised, not only the names: an imported document is someone else's XML, and any of
 * its values (consecutive, currency, codes) could carry such a payload. The stored amounts are never
 * negative, so no number is changed by it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: string | null): string {
  if (value === null) return '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(row: IndexRow): string {
  return `${INDEX_COLUMNS.map((column) => field(row[column])).join(',')}\r\n`;
}

export class CsvIndex {
  private readonly deflate: DeflateRaw = createDeflateRaw({ level: 6 });
  private readonly output: Buffer[] = [];
  private pending = '';
  private crc = 0;
  private size = 0;
  rows = 0;

  constructor() {
    this.deflate.on('data', (chunk: Buffer) => this.output.push(chunk));
    this.append(`\uFEFF${INDEX_COLUMNS.join(',')}\r\n`);
  }

  add(row: IndexRow): void {
    this.append(csvLine(row));
    this.rows++;
  }

  /** Hands the lines gathered so far to the compressor (once a page, not once a line). */
  async flush(): Promise<void> {
    if (this.pending === '') return;
    const bytes = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.length;
    if (!this.deflate.write(bytes)) await new Promise((resolve) => this.deflate.once('drain', resolve));
  }

  async finish(): Promise<DeflatedEntry> {
    await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.deflate.once('end', resolve);
      this.deflate.once('error', reject);
      this.deflate.end();
    });
    return { deflated: Buffer.concat(this.output), crc32: this.crc, size: this.size };
  }

  private append(text: string): void {
    this.pending += text;
  }
}
