/** Rows of an RFC 4180 CSV as arrays of cells: the app's reader (src/products/csv.ts), without row numbers. */
import { parseCsv as parseRecords } from '../../src/products/csv.ts';

export function parseCsv(text: string): string[][] {
  return parseRecords(text).map((record) => record.cells);
}
