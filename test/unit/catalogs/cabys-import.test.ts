/**
 * Importing the official CABYS workbook: a small workbook in the Banco Central's layout (title row, header
 * row, nine levels, tax, notes) is generated, read, checked and loaded in place of the shipped copy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogImportError, readOfficialCabys, taxRateOf } from '../../../src/catalogs/cabys-import.ts';
import { CABYS_LEVEL_DIGITS } from '../../../src/catalogs/cabys-levels.ts';
import { Catalogs } from '../../../src/catalogs/catalogs.ts';
import { importCabysCommand } from '../../../src/cli/catalogs.ts';
import { writeXlsx, type Cell } from '../../helpers/xlsx-writer.ts';

const HEADER = [
  ...Array.from({ length: 9 }, (_, i) => [`Categoría ${i + 1}`, `Descripción (categoría ${i + 1})`]).flat(),
  'Impuesto', 'Nota explicativa 1. Incluye', 'Nota explicativa 2. Excluye',
];

/** A data row: the nine level codes are the code's prefixes, each level named after its code. */
function row(code: string, description: string, tax: Cell, includes?: string, excludes?: string): Cell[] {
  const levels = CABYS_LEVEL_DIGITS.slice(0, -1).flatMap((digits, i) => [code.slice(0, digits), `Nivel ${i + 1} ${code.slice(0, digits)}`]);
  return [...levels, code, description, tax, includes ?? null, excludes ?? null];
}

/** The same row as Excel keeps it when the codes were typed as numbers: leading zeros gone. */
function numericRow(code: string, description: string, tax: Cell): Cell[] {
  return row(code, description, tax).map((cell, i) => (i % 2 === 0 && i < 18 ? Number(cell) : cell));
}

const OFFICIAL_ROWS: Cell[][] = [
  ['Catálogo de bienes y servicios (CAByS)'],
  HEADER,
  row('0111100000100', 'Trigo duro, para siembra (semillas)', '1%', 'Incluye: semillas certificadas de trigo candeal', 'Excluye: trigo para consumo'),
  numericRow('0111100009900', 'Trigo, para siembra (semillas), excepto duro', 0.01),
  row('2391102010200', 'Café tostado, sin descafeinar, molido', '13%', 'Incluye: café en grano molido en el punto de venta'),
  row('9999999999901', 'Servicio nuevo del catálogo oficial', 'Exento'),
  row('2391102010200', 'Café repetido', '13%'),
  [],
  ['Nota: fin del catálogo'],
];

let dir: string;
let file: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'facturador-cabys-import-'));
  file = join(dir, 'Catalogo-de-bienes-servicios.xlsx');
  await writeXlsx(file, OFFICIAL_ROWS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const discard = { write: () => undefined, error: () => undefined };

describe('official CABYS workbook', () => {
  it('reads the codes, the names of every level, the rates and the notes', async () => {
    const fractions: number[] = [];
    const official = await readOfficialCabys(file, (f) => fractions.push(f));
    expect(official.codes.map((c) => c.code)).toEqual(['0111100000100', '0111100009900', '2391102010200', '9999999999901']);
    expect(official.codes[0]).toEqual({
      code: '0111100000100', description: 'Trigo duro, para siembra (semillas)', taxRate: '1',
      includesNote: 'Incluye: semillas certificadas de trigo candeal', excludesNote: 'Excluye: trigo para consumo',
    });
    expect(official.codes[1]).toMatchObject({ taxRate: '1', includesNote: null }); // 0.01: a percentage cell
    expect(official.codes[3]).toMatchObject({ taxRate: '0' }); // Exento
    expect(official.duplicates).toBe(1);
    expect(official.skipped).toBe(2); // the blank row and the note row
    expect(official.categoryNames.get('01111000001')).toBe('Nivel 8 01111000001');
    expect(official.categoryNames.get('0')).toBe('Nivel 1 0');
    expect(official.source.version).toMatch(/^[0-9a-f]{16}$/);
    expect(fractions.at(-1)).toBe(1);
  });

  it('reads the rate however the cell is written', () => {
    expect(['13%', '13 %', '13', '0.13', '0,5%', '0.005', '0', 'Exento', 'exenta', 'na', '', undefined].map(taxRateOf))
      .toEqual(['13', '13', '13', '13', '0.5', '0.5', '0', '0', '0', null, null, null]);
  });

  it('refuses a workbook that is not the catalog, or whose levels are not code prefixes', async () => {
    const other = join(dir, 'other.xlsx');
    await writeXlsx(other, [['Código', 'Descripción'], ['0111100000100', 'Trigo']]);
    await expect(readOfficialCabys(other)).rejects.toThrow(/not the official CABYS workbook/);
    const partial = join(dir, 'partial.xlsx');
    await writeXlsx(partial, [HEADER.slice(0, 6)]);
    await expect(readOfficialCabys(partial)).rejects.toThrow(/lacks the columns Categoría 4/);
    const shuffled = join(dir, 'shuffled.xlsx');
    const bad = row('0111100000100', 'Trigo', '1%');
    bad[10] = '9999999'; // level 6 not the code's prefix
    await writeXlsx(shuffled, [HEADER, bad]);
    await expect(readOfficialCabys(shuffled)).rejects.toBeInstanceOf(CatalogImportError);
  });

  it('replaces the shipped copy atomically: search, levels, notes and validation use it, also in another process', async () => {
    const catalogs = new Catalogs({ dataDir: dir });
    const beside = new Catalogs({ dataDir: dir }); // a server on the same data directory
    try {
      catalogs.warm();
      expect(beside.cabysForValidation().has('2391102010100')).toBe(true); // shipped
      expect(beside.cabysForValidation().has('9999999999901')).toBe(false);
      catalogs.replaceCabys(await readOfficialCabys(file), new Date('2026-11-25T12:00:00Z'));

      const detail = catalogs.cabys.get('0111100000100')!;
      expect(detail.categories.map((c) => c.description)).toEqual(CABYS_LEVEL_DIGITS.slice(0, -1).map((d, i) => `Nivel ${i + 1} ${'0111100000100'.slice(0, d)}`));
      expect(detail.excludesNote).toBe('Excluye: trigo para consumo');
      // The include notes are searched too, below the descriptions.
      expect(catalogs.cabys.search('candeal', { page: 1, perPage: 5 }).items.map((i) => i.code)).toEqual(['0111100000100']);
      expect(catalogs.cabys.search('cafe', { page: 1, perPage: 5 }).total).toBe(1);
      const level2 = catalogs.cabys.browse({ level: 2 }, { page: 1, perPage: 10 });
      expect(level2.kind === 'categories' && level2.page.items.map((c) => [c.code, c.description])).toEqual([['01', 'Nivel 2 01'], ['23', 'Nivel 2 23'], ['99', 'Nivel 2 99']]);
      expect(catalogs.status()).toMatchObject({ 'cabys.source': 'official-workbook', 'cabys.imported_from': 'Catalogo-de-bienes-servicios.xlsx', 'cabys.codes': '4' });

      expect(catalogs.cabysForValidation().has('9999999999901')).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1_050)); // another process looks again within a second
      expect(beside.cabysForValidation().has('9999999999901')).toBe(true);
      expect(beside.cabysForValidation().has('2391102010100')).toBe(false);
      expect(beside.cabys.search('nuevo', { page: 1, perPage: 5 }).items.map((i) => i.code)).toEqual(['9999999999901']);
    } finally {
      catalogs.close();
      beside.close();
    }
    // A restart keeps the imported catalog: the shipped copy does not come back over it.
    const again = new Catalogs({ dataDir: dir });
    expect(again.status()['cabys.codes']).toBe('4');
    again.close();
  });

  it('imports from the command line with a progress bar; a bad file changes nothing', async () => {
    const target = mkdtempSync(join(tmpdir(), 'facturador-cabys-cli-'));
    try {
      const lines: string[] = [];
      const progress: string[] = [];
      const out = { write: (t: string) => lines.push(t), error: (t: string) => lines.push(t) };
      expect(await importCabysCommand(file, target, out, { write: (t: string) => progress.push(t) })).toBe(0);
      expect(lines.at(-1)).toMatch(/^CABYS: 4 codes and \d+ named categories loaded from .*Catalogo-de-bienes-servicios\.xlsx \(2 rows without a code skipped, 1 repeated codes ignored\)/);
      expect(progress.join('')).toMatch(/reading \[.*\] 100%[\s\S]*loading \[.*\] 100% 4\/4/);

      const errors: string[] = [];
      const other = join(dir, 'other.xlsx');
      expect(await importCabysCommand(other, target, { write: () => undefined, error: (t) => errors.push(t) }, { write: () => undefined })).toBe(1);
      expect(errors.at(-1)).toMatch(/not the official CABYS workbook; nothing was changed/);
      const catalogs = new Catalogs({ dataDir: target });
      expect(catalogs.status()['cabys.codes']).toBe('4');
      catalogs.close();
      expect(await importCabysCommand(join(dir, 'missing.xlsx'), target, discard, { write: () => undefined })).toBe(1);
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });
});
