/**
 * The logo as it is stored: decoded, scaled down to at most STORED_IMAGE_SIDE pixels a side and encoded
 * again (PNG as PNG, JPEG as JPEG). What reaches the PDF renderer is then a plain image the codecs here
 * wrote — no metadata, no extra chunks, no trailing bytes, no odd colour modes — and small enough that
 * drawing it costs milliseconds. The header limits (image-size.ts) are checked before anything is decoded,
 * so decoding allocates at most MAX_IMAGE_PIXELS × 4 bytes. Pure and synchronous: it runs in a worker
 * thread (reencode-worker.ts).
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { imageSize, MAX_IMAGE_PIXELS, withinImageLimits } from './image-size.ts';

/** A logo is printed a few centimetres wide: 1000 pixels is about 8 cm at 300 dpi. */
export const STORED_IMAGE_SIDE = 1000;

export type ImageMime = 'image/png' | 'image/jpeg';

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

export type BoundedImage = { ok: true; bytes: Buffer } | { ok: false; reason: 'too_big' | 'damaged' };

function decode(bytes: Buffer, mime: ImageMime): Rgba {
  if (mime === 'image/png') return PNG.sync.read(bytes);
  return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000, maxMemoryUsageInMB: 64 });
}

/**
 * Area averaging: each target pixel is the mean of the source pixels its box covers, colours weighted by
 * their opacity so that transparent pixels do not darken the edges.
 */
export function scaleDown(image: Rgba, maxSide: number): Rgba {
  const factor = Math.max(image.width, image.height) / maxSide;
  if (factor <= 1) return image;
  const width = Math.max(1, Math.round(image.width / factor));
  const height = Math.max(1, Math.round(image.height / factor));
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      averageBox(image, x0, x1, y0, y1, out, (y * width + x) * 4);
    }
  }
  return { width, height, data: out };
}

function averageBox(image: Rgba, x0: number, x1: number, y0: number, y1: number, out: Uint8Array, at: number): void {
  let r = 0, g = 0, b = 0, a = 0;
  for (let sy = y0; sy < y1; sy++) {
    for (let sx = x0, i = (sy * image.width + x0) * 4; sx < x1; sx++, i += 4) {
      const alpha = image.data[i + 3]!;
      r += image.data[i]! * alpha;
      g += image.data[i + 1]! * alpha;
      b += image.data[i + 2]! * alpha;
      a += alpha;
    }
  }
  const count = (x1 - x0) * (y1 - y0);
  out[at + 3] = Math.round(a / count);
  if (a === 0) return; // fully transparent: the colour is irrelevant (left black)
  out[at] = Math.round(r / a);
  out[at + 1] = Math.round(g / a);
  out[at + 2] = Math.round(b / a);
}

function encode(image: Rgba, mime: ImageMime): Buffer {
  if (mime === 'image/jpeg') return jpeg.encode({ width: image.width, height: image.height, data: image.data }, 90).data;
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return PNG.sync.write(png, { colorType: 6 });
}

/** The image re-encoded within STORED_IMAGE_SIDE, or why it cannot be. */
export function boundedImage(bytes: Buffer, mime: ImageMime): BoundedImage {
  const size = imageSize(bytes);
  if (!size) return { ok: false, reason: 'damaged' };
  if (!withinImageLimits(size)) return { ok: false, reason: 'too_big' };
  let image: Rgba;
  try {
    image = decode(bytes, mime);
  } catch {
    return { ok: false, reason: 'damaged' };
  }
  // A decoder that trusted something else than the header checked above.
  if (image.width * image.height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too_big' };
  return { ok: true, bytes: encode(scaleDown(image, STORED_IMAGE_SIDE), mime) };
}
