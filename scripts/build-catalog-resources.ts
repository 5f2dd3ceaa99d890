/**
 * Converts the public catalog sources once into the compact files shipped under resources/catalogs/
 * (sources, licences and formats in resources/catalogs/README.md):
 *   locations.tsv.gz            Hacienda's Codificacionubicacion_V4.4.xlsx: full code (P, PCC, PCCDD, PCCDDBB) and name
 *   hs2022.tsv.gz               HS 2022 nomenclature: sections (roman numeral, name), then code, description[, section]
 *   cabys-categories.tsv        names of the ten level-1 CABYS categories
 *   economic-activities.tsv.gz  activity code and name (only those two facts of each record)
 * Usage: npx tsx scripts/build-catalog-resources.ts [path/to/shared]   (default ../shared)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { openWorkbook } from '../src/catalogs/xlsx/workbook.ts';
import { foldText } from '../src/catalogs/search-text.ts';
import { parseCsv } from './lib/csv.ts';

const shared = process.argv[2] ?? '../shared';
const out = (name: string) => new URL(`../resources/catalogs/${name}`, import.meta.url);

function write(name: string, lines: string[]): void {
  const text = `${lines.join('\n')}\n`;
  writeFileSync(out(name), name.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
  console.log(`${name}: ${lines.length} lines`);
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

const CONNECTORS = new Set(['de', 'del', 'y', 'e']);
const ARTICLES = new Set(['la', 'las', 'los', 'el']);

/** `SAN JOSÉ DE LA MONTAÑA (parte)` -> `San José de la Montaña (parte)`: only words written all in capitals change. */
function titleCase(name: string): string {
  const words = name.split(' ');
  return words.map((word, i) => {
    if (!/\p{Lu}{2,}/u.test(word) || word !== word.toUpperCase() || /^[IVX]+$/.test(word)) return word;
    const lower = word.toLowerCase();
    const previous = words[i - 1]?.toLowerCase();
    if (i > 0 && (CONNECTORS.has(lower) || (ARTICLES.has(lower) && (previous === 'de' || previous === 'del')))) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  }).join(' ');
}

/** `SAN JOSÉ (parte)`, `ZAPOTE centro`: a name whose first word is in capitals (roman numerals aside). */
const inCapitals = (name: string) => /^\p{Lu}{2,}(\s|$)/u.test(name) && !/^[IVX]+(\s|$)/.test(name);

/**
 * The workbook repeats each unit's name on every neighbourhood row: in capitals on a district's first row
 * (its seat, whose neighbourhood 01 is named in capitals too), in ordinary case on the others. The ordinary
 * form wins; a name only ever in capitals is title-cased.
 */
async function locations(): Promise<void> {
  const workbook = await openWorkbook(join(shared, 'hacienda/docs/Codificacionubicacion_V4.4.xlsx'));
  const names = new Map<string, string[]>();
  let columns: number[] | undefined;
  for await (const row of workbook.rows()) {
    const cells = Array.from(row.cells, (c) => clean(c ?? ''));
    if (!columns) {
      const folded = cells.map(foldText);
      columns = ['provincia', 'canton', 'distrito', 'barrio'].map((h) => folded.findIndex((c) => c.startsWith(h)));
      if (columns.some((c) => c < 0)) throw new Error(`unexpected header row ${row.number}: ${cells.join(' | ')}`);
      continue;
    }
    const codes = columns.map((c) => cells[c] ?? '');
    if (codes.some((c) => !/^\d+$/.test(c))) continue;
    const parts = [codes[0]!, ...codes.slice(1).map((c) => c.padStart(2, '0'))];
    columns.forEach((column, level) => {
      const full = parts.slice(0, level + 1).join('');
      const list = names.get(full) ?? names.set(full, []).get(full)!;
      list.push(cells[column + 1] ?? '');
    });
  }
  workbook.close();
  const lines = [...names.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, variants]) => {
    const ordinary = variants.find((v) => !inCapitals(v));
    return `${code}\t${ordinary ?? titleCase(variants[0]!)}`;
  });
  write('locations.tsv.gz', lines);
}

/** HS 2022 (UN Comtrade via datasets/harmonized-system): chapters, headings, subheadings; the TOTAL row dropped. */
function tariffs(): void {
  const folder = join(shared, 'catalogs/arancel/datasets__harmonized-system/data');
  const sections = parseCsv(readFileSync(join(folder, 'sections.csv'), 'utf8').replace(/^\uFEFF/, '')).slice(1)
    .map(([code, name]) => `${code}\t${clean(name!).charAt(0).toUpperCase()}${clean(name!).slice(1)}`);
  const codes = parseCsv(readFileSync(join(folder, 'harmonized-system.csv'), 'utf8')).slice(1)
    .filter(([, code]) => /^\d{2}(\d{2}){0,2}$/.test(code ?? ''))
    .map(([section, code, description]) => `${code}\t${clean(description!)}${code!.length === 2 && section !== 'TOTAL' ? `\t${section}` : ''}`);
  write('hs2022.tsv.gz', [...sections, ...codes]);
}

/** The ten level-1 names of jdalvarez18/CabysCR_SQL (MIT), a Latin-1 file of INSERT statements. */
function cabysCategories(): void {
  const sql = readFileSync(join(shared, 'catalogs/cabys/jdalvarez18__CabysCR_SQL/categoriasCabys.sql')).toString('latin1');
  const lines = [...sql.matchAll(/VALUES\s*\((\d),\s*'((?:[^']|'')*)'\)/g)].map(([, code, name]) => `${code}\t${clean(name!.replace(/''/g, "'"))}`);
  if (lines.length !== 10) throw new Error(`expected 10 level-1 categories, found ${lines.length}`);
  write('cabys-categories.tsv', lines);
}

/** Activity codes and names from the odoocr/l10n_cr data file; its commented-out duplicates are not records. */
function activities(): void {
  const xml = readFileSync(join(shared, 'catalogs/actividades/odoocr__l10n_cr/cr_electronic_invoice/data/economic_activity_data.xml'), 'utf8');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const byCode = new Map<string, string>();
  for (const record of Array.from(doc.getElementsByTagName('record'))) {
    const field = (name: string) => Array.from(record.getElementsByTagName('field')).find((f) => f.getAttribute('name') === name)?.textContent ?? '';
    const code = clean(field('code'));
    if (/^\d{6}$/.test(code) && !byCode.has(code)) byCode.set(code, clean(field('name')));
  }
  write('economic-activities.tsv.gz', [...byCode].sort(([a], [b]) => (a < b ? -1 : 1)).map(([code, name]) => `${code}\t${name}`));
}

await locations();
tariffs();
cabysCategories();
activities();
