/**
 * The QR code of a document's clave as one vector path (a square per dark module, merged into horizontal
 * runs): sharp at any print size, including the 203 dpi of thermal receipt printers, and no image to decode.
 */
import QRCode from 'qrcode';

export interface QrPath {
  /** Modules per side, quiet zone included: the path's viewBox is `0 0 size size`. */
  size: number;
  /** SVG path data of the dark modules. */
  d: string;
}

/** Modules of white border on each side; the standard asks for 4, printed codes scan well with 2. */
const QUIET_ZONE = 2;

export function qrPath(text: string): QrPath {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      let run = 1;
      while (col + run < n && modules.get(row, col + run)) run++;
      parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`);
      col += run;
    }
  }
  return { size: n + 2 * QUIET_ZONE, d: parts.join('') };
}
