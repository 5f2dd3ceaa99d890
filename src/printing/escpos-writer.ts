/**
 * The few layout moves a receipt makes, over the ESC/POS encoder (@point-of-sale/receipt-printer-encoder,
 * docs/printing.md): lines left or centred, a label with its value flush right, rules, an inverted banner,
 * images, the QR code, the drawer pulse and the cut. Every text goes through printable-text.ts first, so
 * what the code page lacks prints as its nearest sign and not as "?".
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { PAPERS, type Paper } from './paper.ts';
import { printable, type ColonSign } from './printable-text.ts';

export type CodePage = 'cp850' | 'cp858';

export interface WriterOptions {
  paper: Paper;
  /** CP850 is on every ESC/POS printer (table 2); CP858 adds € (table 19 on Epson's numbering). */
  codepage: CodePage;
  colon: ColonSign;
}

export interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Lines fed before the cut, so that the last printed line clears the cutter. */
const FEED_BEFORE_CUT = 4;

export class EscposWriter {
  private readonly encoder: ReceiptPrinterEncoder;
  readonly columns: number;
  readonly dots: number;

  constructor(private readonly options: WriterOptions) {
    const paper = PAPERS[options.paper];
    this.columns = paper.columns;
    this.dots = paper.dots;
    this.encoder = new ReceiptPrinterEncoder({
      language: 'esc-pos',
      columns: paper.columns,
      // Epson's numbering of the code pages, which the generic ESC/POS printers copy.
      codepageMapping: 'epson',
      imageMode: 'raster',
      newline: '\n',
      feedBeforeCut: FEED_BEFORE_CUT,
      errors: 'relaxed',
    });
    this.encoder.initialize().codepage(options.codepage);
  }

  private text(value: string): string {
    return printable(value, this.options.colon, this.options.codepage === 'cp858');
  }

  line(value: string, align: 'left' | 'center' = 'left'): this {
    this.encoder.align(align).line(this.text(value)).align('left');
    return this;
  }

  bold(value: string, align: 'left' | 'center' = 'left'): this {
    this.encoder.bold(true);
    this.line(value, align);
    this.encoder.bold(false);
    return this;
  }

  /** Large letters (double height, and double width when it fits), centred. */
  heading(value: string, doubleWidth = true): this {
    const text = this.text(value);
    const width = doubleWidth && text.length * 2 <= this.columns ? 2 : 1;
    this.encoder.bold(true).size(width, 2).align('center').line(text).align('left').size(1, 1).bold(false);
    return this;
  }

  /** White on black across the paper: a mark that cannot be taken for the receipt's own text. */
  banner(value: string, large = true): this {
    const text = this.text(value);
    const width = large && text.length * 2 <= this.columns - 2 ? 2 : 1;
    const inner = Math.floor(this.columns / width);
    const padded = text.length >= inner ? text : centred(text, inner);
    this.encoder.invert(true).bold(true).size(width, large ? 2 : 1).line(padded).size(1, 1).bold(false).invert(false);
    return this;
  }

  /** The label on the left, the value flush right; when both do not fit on one line, the value goes below. */
  row(label: string, value: string, style: { bold?: boolean; tall?: boolean } = {}): this {
    const l = this.text(label);
    const v = this.text(value);
    if (style.bold) this.encoder.bold(true);
    if (style.tall) this.encoder.size(1, 2);
    if (l.length + 1 + v.length <= this.columns) {
      this.encoder.line(l + ' '.repeat(this.columns - l.length - v.length) + v);
    } else {
      this.encoder.line(l);
      this.encoder.line(v.length >= this.columns ? v : ' '.repeat(this.columns - v.length) + v);
    }
    if (style.tall) this.encoder.size(1, 1);
    if (style.bold) this.encoder.bold(false);
    return this;
  }

  rule(): this {
    this.encoder.line('-'.repeat(this.columns));
    return this;
  }

  blank(): this {
    this.encoder.newline();
    return this;
  }

  /** Commands made beforehand (rasterCommand's image). */
  raw(bytes: Uint8Array): this {
    this.encoder.raw(bytes);
    return this;
  }

  /** QR model 2, error correction M, 6-dot modules: a 50-digit clave is about 3.5 cm wide. */
  qr(data: string): this {
    this.encoder.align('center').qrcode(data, { model: 2, size: 6, errorlevel: 'm' }).align('left');
    return this;
  }

  /** ESC p 0 25 250: pin 2 of the drawer connector, 50 ms on, 500 ms off, what cash drawers expect. */
  drawer(): this {
    this.encoder.pulse(0, 50, 500);
    return this;
  }

  /** Feed past the cutter and cut, leaving a tab (GS V 1, partial): the receipt does not fall. */
  cut(): this {
    this.encoder.cut('partial');
    return this;
  }

  encode(): Uint8Array {
    return this.encoder.encode();
  }
}

/**
 * An RGBA image dithered to black and white dots (Atkinson), centred, as a raster (GS v 0): made once per
 * logo and kept (logo-raster.ts), since decoding and dithering cost more than the rest of a receipt.
 */
export function rasterCommand(image: Rgba): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', imageMode: 'raster', newline: '\n' });
  return encoder.align('center').image(image, image.width, image.height, 'atkinson').align('left').encode();
}

function centred(text: string, width: number): string {
  const left = Math.floor((width - text.length) / 2);
  return ' '.repeat(left) + text + ' '.repeat(width - text.length - left);
}
