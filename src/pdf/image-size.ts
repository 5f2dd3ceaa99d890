/**
 * The pixel size a PNG or JPEG declares in its header (PNG's IHDR, JPEG's SOFn), read without decoding
 * anything: a few hundred kilobytes of compressed zeros can declare 11000 × 11000 pixels, which the PDF
 * renderer would then decode on every PDF (seconds and gigabytes each). The branding upload refuses such a
 * logo, and the PDF leaves out one stored before the limit existed.
 */

/** Up to this many pixels a side (a wide banner fits) and this many in all (about 16 MB decoded as RGBA). */
export const MAX_IMAGE_SIDE = 4000;
export const MAX_IMAGE_PIXELS = 4_000_000;

export interface ImageSize {
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(bytes: Buffer): ImageSize | undefined {
  // The signature, then the IHDR chunk, which the format requires first: length 13, "IHDR", width, height.
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(bytes: Buffer): ImageSize | undefined {
  let at = 2; // after SOI
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) { at += 1; continue; } // fill byte
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) { at += 2; continue; } // no length
    if (marker === 0xd9 || marker === 0xda) return undefined; // end or scan data before any frame header
    const length = bytes.readUInt16BE(at + 2);
    if (isStartOfFrame(marker)) {
      if (length < 7 || at + 9 > bytes.length) return undefined;
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** The declared size, or undefined when the header is missing, cut short or not PNG/JPEG. */
export function imageSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return undefined;
}

/** Whether a declared size is small enough to decode for every PDF (a JPEG height of 0, "defined later", is not). */
export function withinImageLimits(size: ImageSize): boolean {
  return size.width >= 1 && size.height >= 1 && size.width <= MAX_IMAGE_SIDE && size.height <= MAX_IMAGE_SIDE
    && size.width * size.height <= MAX_IMAGE_PIXELS;
}
