/**
 * The typeface of every PDF: DejaVu Sans (Bitstream Vera licence, resources/fonts/LICENSE-DejaVu.txt),
 * shipped in resources/fonts/. PDF's built-in Helvetica has no colón sign (₡, U+20A1) and react-pdf would
 * print it as nothing; DejaVu Sans has it and every accented letter of Spanish. react-pdf embeds only the
 * glyphs a document uses, so a PDF stays small.
 */
import { Font } from '@react-pdf/renderer';
import { resourcePath } from '../paths.ts';

export const FONT_FAMILY = 'DejaVu Sans';

let registered = false;

/** Registers the font with react-pdf once per process (it reads the files on first use). */
export function registerFonts(): void {
  if (registered) return;
  Font.register({
    family: FONT_FAMILY,
    fonts: [
      { src: resourcePath('fonts', 'DejaVuSans.ttf'), fontWeight: 'normal' },
      { src: resourcePath('fonts', 'DejaVuSans-Bold.ttf'), fontWeight: 'bold' },
    ],
  });
  // Words are never split with hyphens: a clave, an e-mail or an identification must stay whole.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
