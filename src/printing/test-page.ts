/**
 * The printer's test page (issue 15, `POST /printers/{id}/test`): its name, the time, the Spanish letters
 * through the code page, a ruler of the paper's columns, the QR code when the shop prints it, and the cut —
 * every command a receipt uses, so that a page that prints well means receipts will.
 */
import type { Language } from '../i18n/validation-messages.ts';
import { EscposWriter, type CodePage } from './escpos-writer.ts';
import type { Paper } from './paper.ts';
import type { ColonSign } from './printable-text.ts';
import { printWords } from './receipt-words.ts';

export interface TestPageOptions {
  paper: Paper;
  codepage: CodePage;
  colon: ColonSign;
  lang: Language;
  printerName: string;
  /** As the screens show it (dd/mm/yyyy hh:mm): the caller knows the shop's time zone. */
  printedAt: string;
  qr: boolean;
  drawer: boolean;
}

/** Every accented letter of Spanish, the inverted marks and the currency sign. */
const TEST_LETTERS = 'áéíóú ÁÉÍÓÚ ñÑ üÜ ¿? ¡! ₡';

function ruler(columns: number): string {
  let text = '';
  for (let i = 1; i <= columns; i++) text += String(i % 10);
  return text;
}

export function testPageEscpos(options: TestPageOptions): Uint8Array {
  const w = new EscposWriter(options);
  const words = printWords(options.lang);
  if (options.drawer) w.drawer();
  w.heading(words.testTitle);
  w.row(words.testPrinter, options.printerName);
  w.row(words.testDate, options.printedAt);
  w.rule();
  w.bold(words.testLetters);
  w.line(TEST_LETTERS);
  w.bold(`${words.testColumns}: ${w.columns}`);
  w.line(ruler(w.columns));
  if (options.qr) w.bold(words.testQr).qr('https://www.hacienda.go.cr/');
  w.rule();
  w.line(words.testEnd, 'center');
  return w.cut().encode();
}
