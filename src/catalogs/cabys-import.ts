/**
 * Reads the official CABYS workbook of the Banco Central (Catalogo-de-bienes-servicios.xlsx): on its first
 * sheet a header row `Categoría 1`, `Descripción (categoría 1)` ... `Categoría 9`, `Descripción (categoría 9)`,
 * `Impuesto`, `Nota explicativa 1. Incluye`, `Nota explicativa 2. Excluye` (found by name, in any column
 * and in the first rows), then one row per code. Nothing is written here: the whole file is read and
 * checked first, so a wrong or damaged file changes nothing.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Decimal } from 'decimal.js';
import { cabysDigits, CABYS_LEVELS } from './cabys-levels.ts';
import type { CabysReplacement } from './catalogs.ts';
import type { CabysCodeRecord } from './db/cabys-tables.ts';
import { foldText } from './search-text.ts';
import { openWorkbook, type WorkbookRow } from './xlsx/workbook.ts';

export class CatalogImportError extends Error {
  override name = 'CatalogImportError';
}

export interface OfficialCabys extends CabysReplacement {
  /** Data rows that held no 13-digit code (blank, subtotal or note rows). */
  skipped: number;
  /** Codes listed twice: the first row is kept. */
  duplicates: number;
}

interface Columns {
  codes: number[]; // level 1..9 -> column
  descriptions: number[];
  tax: number;
  includes?: number;
  excludes?: number;
}

/** How far down the header row may be (the official file has a title row above it). */
const HEADER_SEARCH_ROWS = 20;
/** Rows whose category columns disagree with the code's own prefixes, at most (a damaged or foreign layout beyond). */
const MAX_INCONSISTENT_SHARE = 0.005;

function headerColumns(row: WorkbookRow): Columns | undefined {
  const folded = Array.from(row.cells, (c) => foldText(c ?? '').replace(/\s+/g, ' ').trim());
  const find = (test: (text: string) => boolean) => folded.findIndex(test);
  const codes: number[] = [];
  const descriptions: number[] = [];
  for (let level = 1; level <= CABYS_LEVELS; level++) {
    codes.push(find((t) => t === `categoria ${level}`));
    descriptions.push(find((t) => t === `descripcion (categoria ${level})`));
  }
  if (codes[0]! < 0) return undefined;
  const missing = [...codes.flatMap((c, i) => (c < 0 ? [`Categoría ${i + 1}`] : [])), ...descriptions.flatMap((c, i) => (c < 0 ? [`Descripción (categoría ${i + 1})`] : []))];
  const tax = find((t) => t.startsWith('impuesto'));
  if (tax < 0) missing.push('Impuesto');
  if (missing.length > 0) throw new CatalogImportError(`row ${row.number} lacks the columns ${missing.join(', ')}: this is not the official CABYS workbook`);
  const optional = (word: string) => {
    const at = find((t) => t.includes(word));
    return at < 0 ? undefined : at;
  };
  return { codes, descriptions, tax, includes: optional('incluye'), excludes: optional('excluye') };
}

const clean = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A code cell of a level: text digits, or a number (Excel drops leading zeros: padded back). */
function codeOf(text: string | undefined, level: number): string | undefined {
  const raw = clean(text).replace(/[ .-]/g, '');
  let digits = raw;
  if (!/^\d+$/.test(raw)) {
    try {
      digits = new Decimal(clean(text)).toFixed(0); // 1.111E+11 as Excel may store it
    } catch {
      return undefined;
    }
  }
  const width = cabysDigits(level);
  return /^\d+$/.test(digits) && digits.length <= width ? digits.padStart(width, '0') : undefined;
}

/** `13%`, `13`, `0.13` (a percentage-formatted cell), `Exento` -> `13`, `13`, `13`, `0`; anything else null. */
export function taxRateOf(text: string | undefined): string | null {
  const raw = clean(text);
  if (foldText(raw).startsWith('exent')) return '0';
  const match = /^(\d+(?:[.,]\d+)?)\s*%?$/.exec(raw);
  if (!match) return null;
  const value = new Decimal(match[1]!.replace(',', '.'));
  return (raw.endsWith('%') || value.gte(1) || value.isZero() ? value : value.mul(100)).toString();
}

async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex').slice(0, 16);
}

export async function readOfficialCabys(file: string, onProgress?: (fraction: number) => void): Promise<OfficialCabys> {
  let workbook;
  try {
    workbook = await openWorkbook(file);
  } catch (err) {
    throw new CatalogImportError(`${file} is not a readable .xlsx workbook: ${(err as Error).message}`);
  }
  const codes = new Map<string, CabysCodeRecord>();
  const categoryNames = new Map<string, string>();
  let columns: Columns | undefined;
  let skipped = 0;
  let duplicates = 0;
  let inconsistent = 0;
  try {
    for await (const row of workbook.rows(0, onProgress)) {
      if (!columns) {
        columns = headerColumns(row);
        if (!columns && row.number >= HEADER_SEARCH_ROWS) throw new CatalogImportError(`no "Categoría 1" header in the first ${HEADER_SEARCH_ROWS} rows: this is not the official CABYS workbook`);
        continue;
      }
      const code = codeOf(row.cells[columns.codes[CABYS_LEVELS - 1]!], CABYS_LEVELS);
      const description = clean(row.cells[columns.descriptions[CABYS_LEVELS - 1]!]);
      if (!code || description === '') {
        skipped++;
        continue;
      }
      const categories = columns.codes.slice(0, -1).map((column, i) => codeOf(row.cells[column], i + 1));
      if (categories.some((c, i) => c !== code.slice(0, cabysDigits(i + 1)))) {
        inconsistent++;
        continue;
      }
      categories.forEach((category, i) => {
        const name = clean(row.cells[columns!.descriptions[i]!]);
        if (name !== '' && !categoryNames.has(category!)) categoryNames.set(category!, name);
      });
      if (codes.has(code)) {
        duplicates++;
        continue;
      }
      const note = (column: number | undefined) => (column === undefined ? null : clean(row.cells[column]) || null);
      codes.set(code, { code, description, taxRate: taxRateOf(row.cells[columns.tax]), includesNote: note(columns.includes), excludesNote: note(columns.excludes) });
    }
  } finally {
    workbook.close();
  }
  if (!columns) throw new CatalogImportError('no "Categoría 1" header row: this is not the official CABYS workbook');
  if (codes.size === 0) throw new CatalogImportError('the workbook lists no 13-digit CABYS code');
  if (inconsistent > (codes.size + inconsistent) * MAX_INCONSISTENT_SHARE) {
    throw new CatalogImportError(`${inconsistent} rows have category codes that are not the prefixes of their code (1, 2, 3, 4, 5, 7, 9, 11 digits): the workbook's layout is not the one this version understands`);
  }
  skipped += inconsistent;
  const sorted = [...codes.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
  return { codes: sorted, categoryNames, skipped, duplicates, source: { importedFrom: file, version: await fileDigest(file) } };
}
