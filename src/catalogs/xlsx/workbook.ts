/**
 * A small .xlsx reader: the sheets of a workbook and the cell texts of a sheet, row by row, streamed.
 * Enough for the official catalogs (CABYS, locations): values only, no styles, formulas or dates.
 * Numbers come back as written in the file (`13`, `0.13`); shared and inline strings as their text.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { openZipArchive, type ZipArchive } from './zip-archive.ts';
import { decodeXmlText, stringItemText, xmlElements } from './xml-elements.ts';

export interface WorkbookRow {
  /** 1-based row number of the sheet. */
  number: number;
  /** Cell texts by 0-based column (A = 0); empty cells are undefined. */
  cells: (string | undefined)[];
}

export interface Workbook {
  /** Sheet names in workbook order. */
  readonly sheets: readonly string[];
  /** The rows of a sheet (default the first); `onProgress` gets the fraction of the sheet read. */
  rows(sheet?: number, onProgress?: (fraction: number) => void): AsyncGenerator<WorkbookRow>;
  close(): void;
}

const RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';

function parse(text: string): Element {
  const root = new DOMParser().parseFromString(text, 'text/xml').documentElement;
  if (!root) throw new Error('not an XML document');
  return root;
}

/** `worksheets/sheet1.xml` or `/xl/worksheets/sheet1.xml` -> `xl/worksheets/sheet1.xml`. */
function memberPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/** `AB12` -> 27. */
function columnIndex(ref: string): number {
  let index = 0;
  for (const c of ref) {
    const code = c.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const ATTRIBUTES = { r: /(?:^|\s)r="([^"]*)"/, t: /(?:^|\s)t="([^"]*)"/ };
const attribute = (attributes: string, name: keyof typeof ATTRIBUTES) => ATTRIBUTES[name].exec(attributes)?.[1];

/** A cell's text by its type: shared string, inline string, boolean, error (none) or number as written. */
function cellText(attributes: string, inner: string | undefined, shared: readonly string[]): string | undefined {
  if (inner === undefined) return undefined;
  const type = attribute(attributes, 't');
  if (type === 'inlineStr') return stringItemText(inner);
  const value = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/.exec(inner)?.[1];
  if (value === undefined || type === 'e') return undefined;
  if (type === 's') return shared[Number(value)];
  if (type === 'b') return value === '1' ? 'TRUE' : 'FALSE';
  return decodeXmlText(value);
}

/** The cells of a `<row>` element by 0-based column. */
function rowCells(row: string, shared: readonly string[]): (string | undefined)[] {
  const cells: (string | undefined)[] = [];
  let next = 0;
  for (const [, attributes = '', inner] of row.matchAll(CELL)) {
    const ref = attribute(attributes, 'r');
    const column = ref ? columnIndex(ref) : next;
    cells[column] = cellText(attributes, inner, shared);
    next = column + 1;
  }
  return cells;
}

async function sharedStrings(zip: ZipArchive, path: string): Promise<string[]> {
  if (zip.size(path) === 0) return [];
  const out: string[] = [];
  for await (const { text } of xmlElements(await zip.textStream(path), 'si')) out.push(stringItemText(text));
  return out;
}

export async function openWorkbook(file: string): Promise<Workbook> {
  const zip = await openZipArchive(file);
  try {
    const relationships = new Map<string, { type: string; target: string }>();
    for (const rel of Array.from(parse(await zip.text(RELATIONSHIPS)).getElementsByTagName('Relationship'))) {
      relationships.set(rel.getAttribute('Id') ?? '', { type: rel.getAttribute('Type') ?? '', target: rel.getAttribute('Target') ?? '' });
    }
    const sheets = Array.from(parse(await zip.text('xl/workbook.xml')).getElementsByTagName('sheet')).map((sheet) => {
      const id = sheet.getAttribute('r:id') ?? sheet.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id') ?? '';
      const target = relationships.get(id)?.target;
      if (!target) throw new Error(`sheet ${sheet.getAttribute('name')} has no part`);
      return { name: sheet.getAttribute('name') ?? '', path: memberPath(target) };
    });
    const sharedTarget = [...relationships.values()].find((r) => r.type.endsWith('/sharedStrings'))?.target;
    let shared: Promise<string[]> | undefined;
    return {
      sheets: sheets.map((s) => s.name),
      async *rows(sheet = 0, onProgress) {
        const part = sheets[sheet];
        if (!part) throw new Error(`the workbook has no sheet ${sheet + 1}`);
        shared ??= sharedStrings(zip, memberPath(sharedTarget ?? 'sharedStrings.xml'));
        const strings = await shared;
        const size = Math.max(1, zip.size(part.path));
        let previous = 0;
        for await (const { text, position } of xmlElements(await zip.textStream(part.path), 'row')) {
          const number = Number(attribute(text.slice(0, text.indexOf('>')), 'r')) || previous + 1;
          previous = number;
          const cells = rowCells(text, strings);
          // Characters against bytes: close enough for a progress bar (the text is mostly ASCII).
          onProgress?.(Math.min(1, position / size));
          yield { number, cells };
        }
        onProgress?.(1);
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
