/**
 * A small RFC 4180 reader for product spreadsheets: quoted fields (with "" for a quote, commas and line
 * breaks inside), CRLF or LF, a UTF-8 byte-order mark. The separator is a comma, or a semicolon when the
 * header row has semicolons and no commas: that is what Excel writes in a Spanish locale, where the comma
 * is the decimal separator.
 */

export interface CsvRecord {
  /** The record's row as a spreadsheet numbers it (the header is row 1); a quoted line break stays in its record. */
  row: number;
  cells: string[];
}

function separatorOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

export function parseCsv(input: string): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const separator = separatorOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let row = 1;
  const endRecord = () => {
    cells.push(cell);
    // A line with nothing on it is not a record (trailing newline, blank lines in between).
    if (cells.length > 1 || cells[0] !== '') records.push({ row, cells });
    row += 1;
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else {
      cell += c;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
