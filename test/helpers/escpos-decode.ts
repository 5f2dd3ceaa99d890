/**
 * Reads an ESC/POS byte stream back into what a thermal printer would do with it: the text lines as they
 * print (code page decoded, each with the style it printed in) and the commands (init, align, bold, size,
 * inversion, code page, cut, drawer pulse, QR data, raster images, status requests). Tests of src/printing/
 * check the paper through it, as a shopkeeper would read the receipt. Unknown commands are recorded as
 * `unknown` with their byte and stop nothing.
 */

/** CP850's upper half (0x80–0xFF); CP858 differs at 0xD5 only (€ instead of ı). */
const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';

/** ESC t n as Epson numbers the tables, for the pages a receipt uses. */
const CODE_PAGES: Readonly<Record<number, string>> = { 0: 'cp437', 2: 'cp850', 19: 'cp858' };

export type EscposCommand =
  | { type: 'init' }
  | { type: 'align'; align: 'left' | 'center' | 'right' }
  | { type: 'bold'; on: boolean }
  | { type: 'underline'; on: boolean }
  | { type: 'invert'; on: boolean }
  | { type: 'size'; width: number; height: number }
  | { type: 'font'; font: number }
  | { type: 'codepage'; table: number; name: string }
  | { type: 'cut'; partial: boolean }
  | { type: 'drawer'; pin: 2 | 5; onMs: number; offMs: number }
  | { type: 'qr'; data: string; moduleSize?: number | undefined; errorLevel?: string | undefined }
  | { type: 'raster'; widthDots: number; heightDots: number }
  | { type: 'feed'; lines: number }
  | { type: 'status'; request: number }
  | { type: 'line-spacing'; dots: number | undefined }
  | { type: 'unknown'; byte: number };

export interface PrintedLine {
  text: string;
  bold: boolean;
  invert: boolean;
  width: number;
  height: number;
  align: 'left' | 'center' | 'right';
}

export interface DecodedJob {
  commands: EscposCommand[];
  lines: PrintedLine[];
  /** The printed text, one string per line, trailing spaces cut (leading ones kept: they are layout). */
  text: string[];
}

const ALIGN = ['left', 'center', 'right'] as const;

function charOf(byte: number, table: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  if (table === 19 && byte === 0xd5) return '€';
  if (table === 2 || table === 19) return CP850_HIGH[byte - 0x80]!;
  return '\ufffd';
}

export function decodeEscpos(bytes: Uint8Array): DecodedJob {
  const commands: EscposCommand[] = [];
  const lines: PrintedLine[] = [];
  const state = { bold: false, invert: false, width: 1, height: 1, align: 'left' as PrintedLine['align'], table: 0 };
  let current = '';
  // A line prints in the style of its first character (the encoder may reset styles before the line feed).
  let style: Omit<PrintedLine, 'text'> | undefined;
  let qr: { moduleSize?: number; errorLevel?: string } = {};
  const styleNow = () => ({ bold: state.bold, invert: state.invert, width: state.width, height: state.height, align: state.align });
  const newline = () => {
    lines.push({ text: current.replace(/\s+$/, ''), ...(style ?? styleNow()) });
    current = '';
    style = undefined;
  };
  let i = 0;
  const at = (k: number) => bytes[i + k] ?? 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) { newline(); i += 1; continue; }
    if (b === 0x0d) { i += 1; continue; }
    if (b === 0x1b) {
      const c = at(1);
      if (c === 0x40) { commands.push({ type: 'init' }); Object.assign(state, { bold: false, invert: false, width: 1, height: 1, align: 'left', table: 0 }); i += 2; continue; }
      if (c === 0x61) { state.align = ALIGN[at(2) % 48] ?? 'left'; commands.push({ type: 'align', align: state.align }); i += 3; continue; }
      if (c === 0x45) { state.bold = (at(2) & 1) === 1; commands.push({ type: 'bold', on: state.bold }); i += 3; continue; }
      if (c === 0x2d) { commands.push({ type: 'underline', on: at(2) % 48 !== 0 }); i += 3; continue; }
      if (c === 0x4d) { commands.push({ type: 'font', font: at(2) % 48 }); i += 3; continue; }
      if (c === 0x74) { state.table = at(2); commands.push({ type: 'codepage', table: at(2), name: CODE_PAGES[at(2)] ?? `table ${at(2)}` }); i += 3; continue; }
      if (c === 0x70) { commands.push({ type: 'drawer', pin: at(2) % 48 === 0 ? 2 : 5, onMs: at(3) * 2, offMs: at(4) * 2 }); i += 5; continue; }
      if (c === 0x64) { commands.push({ type: 'feed', lines: at(2) }); for (let n = 0; n < at(2); n++) newline(); i += 3; continue; }
      if (c === 0x4a) { commands.push({ type: 'feed', lines: 0 }); i += 3; continue; }
      if (c === 0x33) { commands.push({ type: 'line-spacing', dots: at(2) }); i += 3; continue; }
      if (c === 0x32) { commands.push({ type: 'line-spacing', dots: undefined }); i += 2; continue; }
      if (c === 0x21) { const n = at(2); state.bold = (n & 0x08) !== 0; state.height = n & 0x10 ? 2 : 1; state.width = n & 0x20 ? 2 : 1; i += 3; continue; }
      if (c === 0x2a) { const w = at(3) + at(4) * 256; const dots = at(2) >= 32 ? 3 : 1; commands.push({ type: 'raster', widthDots: w, heightDots: dots * 8 }); i += 5 + w * dots; continue; }
      commands.push({ type: 'unknown', byte: c }); i += 2; continue;
    }
    if (b === 0x1d) {
      const c = at(1);
      if (c === 0x21) { const n = at(2); state.width = (n >> 4) + 1; state.height = (n & 0x0f) + 1; commands.push({ type: 'size', width: state.width, height: state.height }); i += 3; continue; }
      if (c === 0x42) { state.invert = (at(2) & 1) === 1; commands.push({ type: 'invert', on: state.invert }); i += 3; continue; }
      if (c === 0x56) { const m = at(2); commands.push({ type: 'cut', partial: m === 1 || m === 49 || m === 66 }); i += m >= 65 ? 4 : 3; continue; }
      if (c === 0x76 && at(2) === 0x30) {
        const xBytes = at(4) + at(5) * 256;
        const y = at(6) + at(7) * 256;
        commands.push({ type: 'raster', widthDots: xBytes * 8, heightDots: y });
        i += 8 + xBytes * y;
        continue;
      }
      if (c === 0x28 && at(2) === 0x6b) {
        const length = at(3) + at(4) * 256;
        const cn = at(5), fn = at(6);
        const body = bytes.subarray(i + 7, i + 5 + length);
        if (cn === 0x31 && fn === 0x43) qr.moduleSize = body[0];
        if (cn === 0x31 && fn === 0x45) qr.errorLevel = ['L', 'M', 'Q', 'H'][(body[0] ?? 48) - 48];
        if (cn === 0x31 && fn === 0x50) commands.push({ type: 'qr', data: Buffer.from(body.subarray(1)).toString('latin1'), ...qr });
        if (cn === 0x31 && fn === 0x51) qr = {};
        i += 5 + length;
        continue;
      }
      // GS h, GS w, GS H, GS f, GS L (barcode and margin settings): one parameter byte, or two for GS L.
      if (c === 0x4c || c === 0x57) { i += 4; continue; }
      if (c === 0x68 || c === 0x77 || c === 0x48 || c === 0x66) { i += 3; continue; }
      commands.push({ type: 'unknown', byte: c }); i += 2; continue;
    }
    if (b === 0x1c && at(1) === 0x2e) { i += 2; continue; } // FS . : leave the Kanji mode, nothing to print
    if (b === 0x10 && at(1) === 0x04) { commands.push({ type: 'status', request: at(2) }); i += 3; continue; }
    if (current === '') style = styleNow();
    current += charOf(b, state.table);
    i += 1;
  }
  if (current) newline();
  return { commands, lines, text: lines.map((l) => l.text) };
}
