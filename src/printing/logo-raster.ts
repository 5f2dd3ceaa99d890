/**
 * The shop's logo as the dots a thermal printer gets: decoded from the stored PNG or JPEG (already bounded
 * by the branding upload, src/pdf/bounded-image.ts; the header limits are checked again here because a logo
 * stored before them may be an image bomb), scaled down to the paper's printable width and at most
 * MAX_HEIGHT_DOTS tall, laid on white (thermal paper has no transparency, and a transparent pixel would
 * otherwise print black), dithered and encoded as a raster command. The command is kept for the next
 * receipts: the logo is the same on every one, and making it costs more than the rest of the receipt.
 */
import { createHash } from 'node:crypto';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { scaleDown } from '../pdf/bounded-image.ts';
import { imageSize, MAX_IMAGE_PIXELS, withinImageLimits } from '../pdf/image-size.ts';
import { rasterCommand, type Rgba } from './escpos-writer.ts';

/** 3 cm at 203 dpi: a logo heads the receipt, it does not fill it. */
const MAX_HEIGHT_DOTS = 240;

/** Logos kept (a few organizations, two paper widths). */
const KEPT = 8;

export interface Logo {
  data: Buffer;
  format: 'png' | 'jpg';
}

function decode(bytes: Buffer, format: Logo['format']): { width: number; height: number; data: Uint8Array } {
  if (format === 'png') return PNG.sync.read(bytes);
  return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_IMAGE_PIXELS / 1_000_000, maxMemoryUsageInMB: 64 });
}

function onWhite(image: { width: number; height: number; data: Uint8Array }): Rgba {
  const out = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < out.length; i += 4) {
    const alpha = image.data[i + 3]! / 255;
    for (let c = 0; c < 3; c++) out[i + c] = Math.round(image.data[i + c]! * alpha + 255 * (1 - alpha));
    out[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data: out };
}

/** The logo within `maxWidth` × MAX_HEIGHT_DOTS on white, or undefined when it cannot be read (printed without). */
function logoRaster(logo: Logo, maxWidth: number): Rgba | undefined {
  const size = imageSize(logo.data);
  if (!size || !withinImageLimits(size)) return undefined;
  let image;
  try {
    image = decode(logo.data, logo.format);
  } catch {
    return undefined;
  }
  const factor = Math.max(image.width / maxWidth, image.height / MAX_HEIGHT_DOTS, 1);
  return onWhite(scaleDown(image, Math.max(image.width, image.height) / factor));
}

const kept = new Map<string, Uint8Array | undefined>();

/** The logo's raster command for paper `maxWidth` dots wide, made once per logo and width. */
export function logoCommand(logo: Logo, maxWidth: number): Uint8Array | undefined {
  const key = `${maxWidth}:${createHash('sha256').update(logo.data).digest('base64')}`;
  if (kept.has(key)) return kept.get(key);
  const raster = logoRaster(logo, maxWidth);
  const command = raster ? rasterCommand(raster) : undefined;
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, command);
  return command;
}
