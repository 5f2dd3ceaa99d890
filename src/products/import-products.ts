/**
 * CSV import of products (docs/products.md): row by row, upsert by `code`. A good row is saved (new code:
 * imported; known code: updated), a bad row is skipped and reported with its row number and the fields at
 * fault; one bad row never stops the others. All saved rows are written in one transaction, so an import
 * that fails half way (disk full, crash) leaves nothing behind. Only a header that cannot be read rejects
 * the whole file: its columns decide what every row means.
 */
import type { Language } from '../i18n/validation-messages.ts';
import type { Store } from '../store/database.ts';
import { findProductByCode, insertProduct, replaceProduct, type ProductFields } from '../store/products.ts';
import { parseCsv, type CsvRecord } from './csv.ts';
import { productFields, type ProductInput } from './product-fields.ts';
import { productMessage } from './product-messages.ts';

export const CSV_COLUMNS = ['code', 'barcode', 'description', 'cabys_code', 'unit', 'price', 'currency', 'tax_code', 'tax_rate_code', 'is_active', 'price_includes_vat'] as const;
export const REQUIRED_CSV_COLUMNS = ['code', 'description', 'cabys_code', 'unit', 'price'] as const;

export interface ImportProblem {
  row: number;
  field?: string;
  reason: string;
}

export interface ProductImportResult {
  imported: number;
  updated: number;
  skipped: number;
  problems: ImportProblem[];
}

/** The header cannot be used: the message says which columns are missing, unknown or repeated. */
export class CsvHeaderError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join(' '));
    this.name = 'CsvHeaderError';
  }
}

/** Column names in any case and with spaces around them; unknown ones are an error, not silently dropped. */
function readHeader(header: CsvRecord | undefined, language: Language): string[] {
  if (!header) throw new CsvHeaderError([productMessage(language, 'csv_empty')]);
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const known: readonly string[] = CSV_COLUMNS;
  const errors: string[] = [];
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) errors.push(productMessage(language, 'csv_unknown_columns', { names: unknown.join(', '), known: CSV_COLUMNS.join(', ') }));
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (repeated.length > 0) errors.push(productMessage(language, 'csv_repeated_columns', { names: [...new Set(repeated)].join(', ') }));
  const missing = REQUIRED_CSV_COLUMNS.filter((n) => !names.includes(n));
  if (missing.length > 0) errors.push(productMessage(language, 'csv_missing_columns', { names: missing.join(', ') }));
  if (errors.length > 0) throw new CsvHeaderError(errors);
  return names;
}

type Checked = { row: number; fields: ProductFields } | { row: number; problems: ImportProblem[] };

function checkRows(records: CsvRecord[], columns: string[], hasCabys: (code: string) => boolean, language: Language): Checked[] {
  const seen = new Map<string, number>();
  return records.map(({ row, cells }) => {
    if (cells.length > columns.length) return { row, problems: [{ row, reason: productMessage(language, 'csv_cells', { cells: cells.length, columns: columns.length }) }] };
    const input: Record<string, string> = Object.fromEntries(columns.map((name, i) => [name, cells[i] ?? '']));
    const check = productFields(input as ProductInput, hasCabys, language);
    if (check.errors) {
      return { row, problems: Object.entries(check.errors).flatMap(([field, reasons]) => reasons.map((reason) => ({ row, field, reason }))) };
    }
    // Two rows with one code would make the result depend on their order: the second one is reported.
    const first = seen.get(check.fields.code);
    if (first !== undefined) return { row, problems: [{ row, field: 'code', reason: productMessage(language, 'csv_repeated_code', { code: check.fields.code, row: first }) }] };
    seen.set(check.fields.code, row);
    return { row, fields: check.fields };
  });
}

/** `language`: the request's, for the reasons of the report and of a refused header. */
export function importProductsCsv(store: Store, organizationId: number, csv: string, hasCabys: (code: string) => boolean, now: Date, language: Language): ProductImportResult {
  const [header, ...records] = parseCsv(csv);
  const columns = readHeader(header, language);
  const checked = checkRows(records, columns, hasCabys, language);
  const result: ProductImportResult = { imported: 0, updated: 0, skipped: 0, problems: [] };
  store.transaction((db) => {
    for (const entry of checked) {
      if ('problems' in entry) {
        result.skipped += 1;
        result.problems.push(...entry.problems);
        continue;
      }
      const existing = findProductByCode(db, organizationId, entry.fields.code);
      if (existing) {
        replaceProduct(db, organizationId, existing.id, entry.fields, now);
        result.updated += 1;
      } else {
        insertProduct(db, organizationId, entry.fields, now);
        result.imported += 1;
      }
    }
  });
  return result;
}
