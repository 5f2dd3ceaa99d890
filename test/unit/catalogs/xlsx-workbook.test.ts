/** The small .xlsx reader: cell types, sparse rows, entities, rich text, progress; the official location workbook. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openWorkbook } from '../../../src/catalogs/xlsx/workbook.ts';
import { decodeXmlText, stringItemText, xmlElements } from '../../../src/catalogs/xlsx/xml-elements.ts';
import { writeXlsx } from '../../helpers/xlsx-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'facturador-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rows(file: string) {
  const workbook = await openWorkbook(file);
  const out = [];
  for await (const row of workbook.rows()) out.push(row);
  workbook.close();
  return out;
}

async function* chunksOf(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

describe('xlsx workbook reader', () => {
  it('reads shared strings, numbers and gaps by column, with XML entities and accents', async () => {
    const file = join(dir, 'shared.xlsx');
    await writeXlsx(file, [['Código', null, 'Descripción & <notas>'], [], ['0111100000100', 13, 'Café "tostado"', 0.13]], { sheetName: 'Hoja 1' });
    const workbook = await openWorkbook(file);
    expect(workbook.sheets).toEqual(['Hoja 1']);
    workbook.close();
    const read = await rows(file);
    expect(read.map((r) => r.number)).toEqual([1, 2, 3]);
    expect(read[0]!.cells).toEqual(['Código', undefined, 'Descripción & <notas>']);
    expect(read[1]!.cells).toEqual([]);
    expect(read[2]!.cells).toEqual(['0111100000100', '13', 'Café "tostado"', '0.13']);
  });

  it('reads inline strings the same way', async () => {
    const file = join(dir, 'inline.xlsx');
    await writeXlsx(file, [['uno', 'dos'], ['tres']], { inlineStrings: true });
    expect((await rows(file)).map((r) => r.cells)).toEqual([['uno', 'dos'], ['tres']]);
  });

  it('says when a file is not a workbook', async () => {
    const file = join(dir, 'not.xlsx');
    writeFileSync(file, 'plain text');
    await expect(openWorkbook(file)).rejects.toThrow();
  });

  it('cuts elements across chunk boundaries, self-closing ones included, and counts the position', async () => {
    const xml = '<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"/><rowBreaks/><row r="3"><c r="B3"><v>3</v></c></row></sheetData>';
    for (const size of [1, 7, 1000]) {
      const found = [];
      for await (const e of xmlElements(chunksOf(xml, size), 'row')) found.push(e);
      expect(found.map((e) => e.text)).toEqual(['<row r="1"><c r="A1"><v>1</v></c></row>', '<row r="2"/>', '<row r="3"><c r="B3"><v>3</v></c></row>']);
      expect(found.at(-1)!.position).toBe(xml.indexOf('</sheetData>'));
    }
  });

  it('joins rich-text runs, skips phonetic runs and decodes character references', () => {
    expect(stringItemText('<si><r><rPr><b/></rPr><t>Ca</t></r><r><t xml:space="preserve">fé </t></r><rPh><t>カ</t></rPh></si>')).toBe('Café ');
    expect(decodeXmlText('a &amp; b &#233; &#x00F1; &lt;&gt;&quot;&apos; &unknown;')).toBe('a & b é ñ <>"\' &unknown;');
  });

  const official = join(process.cwd(), '..', 'shared', 'hacienda', 'docs', 'Codificacionubicacion_V4.4.xlsx');
  it.skipIf(!existsSync(official))('reads the tax authority\'s location workbook', async () => {
    const read = await rows(official);
    expect(read).toHaveLength(7088);
    expect(read[0]!.cells.slice(1, 8)).toEqual(['Provincia', undefined, 'Cantón', undefined, 'Distrito', undefined, 'Barrio o Poblado']);
    expect(read[2]!.cells.slice(1)).toEqual(['1', 'San José', '1', 'San José', '1', 'Carmen', '2', 'Amón']);
  });
});
