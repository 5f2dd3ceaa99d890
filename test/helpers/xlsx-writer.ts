/**
 * Writes a minimal .xlsx (one sheet) the way Excel lays it out: strings in the shared-string table (or
 * inline), numbers as numbers, cell references on every cell, and a namespaced attribute on each row
 * (`x14ac:dyDescent`) as Excel writes them. For tests of the workbook reader and the CABYS import.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { ZipFile } from 'yazl';

export type Cell = string | number | null | undefined;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export async function writeXlsx(file: string, rows: Cell[][], options: { sheetName?: string; inlineStrings?: boolean } = {}): Promise<void> {
  const shared: string[] = [];
  const index = new Map<string, number>();
  const cell = (value: Cell, ref: string): string => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
    if (options.inlineStrings) return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escape(value)}</t></is></c>`;
    if (!index.has(value)) {
      index.set(value, shared.length);
      shared.push(value);
    }
    return `<c r="${ref}" s="1" t="s"><v>${index.get(value)}</v></c>`;
  };
  const sheetRows = rows.map((row, r) => `<row r="${r + 1}" spans="1:${row.length}" x14ac:dyDescent="0.25">${row.map((v, c) => cell(v, `${columnName(c)}${r + 1}`)).join('')}</row>`);
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="${escape(options.sheetName ?? 'Cabys')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="${main}" xmlns:r="${rel}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
  };
  parts['xl/sharedStrings.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="${main}" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((s) => `<si><t xml:space="preserve">${escape(s)}</t></si>`).join('')}</sst>`;
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(parts)) zip.addBuffer(Buffer.from(text, 'utf8'), name);
  zip.end();
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await once(out, 'close');
}
