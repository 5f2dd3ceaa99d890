/**
 * The branding logo: a PNG or JPEG of at most 512 KB, recognised by its first bytes rather than by what
 * the client claims, so the PDF renderer never receives something it cannot draw, and of at most
 * MAX_IMAGE_SIDE pixels a side and MAX_IMAGE_PIXELS in all, read from its header without decoding it, so
 * a small file that decodes to gigabytes ("PNG bomb") is refused at once. What is stored is a re-encoded
 * copy of at most STORED_IMAGE_SIDE pixels a side, made in a worker thread (docs/pdf.md).
 */
import { AppError } from '../domain/errors.ts';
import { imageSize, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, withinImageLimits } from '../pdf/image-size.ts';
import { reencodeImage } from '../pdf/reencode-image.ts';
import { decodeBase64 } from './base64.ts';

export const MAX_LOGO_BYTES = 512 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export interface Logo {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
}

/** 422 `invalid_logo`, naming the field in `error.errors` as a validation error does. */
function invalid(message: string): AppError {
  return new AppError('invalid_logo', 422, message, { fieldErrors: { logo: [message] } });
}

/** Before anything is decoded: the declared size. */
function checkSize(bytes: Buffer): void {
  const size = imageSize(bytes);
  if (!size) throw invalid('The logo image is damaged: its size cannot be read.');
  if (!withinImageLimits(size)) {
    throw invalid(`The logo is ${size.width} × ${size.height} pixels; the limit is ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels in all.`);
  }
}

/** The logo of a BrandingInput as it is stored, or null for `""` (which removes it). */
export async function readLogo(base64: string): Promise<Logo | null> {
  if (base64 === '') return null;
  const bytes = decodeBase64(base64);
  if (!bytes) throw invalid('The logo must be a PNG or JPEG file encoded in base64.');
  if (bytes.length > MAX_LOGO_BYTES) throw invalid(`The logo has ${Math.ceil(bytes.length / 1024)} KB; the limit is 512 KB.`);
  const mime = bytes.subarray(0, PNG.length).equals(PNG) ? 'image/png' : bytes.subarray(0, JPEG.length).equals(JPEG) ? 'image/jpeg' : undefined;
  if (!mime) throw invalid('The logo must be a PNG or JPEG image.');
  checkSize(bytes);
  const bounded = await reencodeImage(bytes, mime);
  if (!bounded.ok) throw invalid('The logo image is damaged: it cannot be decoded.');
  return { bytes: bounded.bytes, mime };
}
