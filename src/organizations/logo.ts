/**
 * The branding logo: a PNG or JPEG of at most 512 KB, recognised by its first bytes rather than by what
 * the client claims, so the PDF renderer never receives something it cannot draw.
 */
import { ApiError } from '../api/errors.ts';
import { decodeBase64 } from './base64.ts';

export const MAX_LOGO_BYTES = 512 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

export interface Logo {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg';
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_logo', 422, message);
}

/** The logo of a BrandingInput, or null for `""` (which removes it). */
export function readLogo(base64: string): Logo | null {
  if (base64 === '') return null;
  const bytes = decodeBase64(base64);
  if (!bytes) throw invalid('The logo must be a PNG or JPEG file encoded in base64.');
  if (bytes.length > MAX_LOGO_BYTES) throw invalid(`The logo has ${Math.ceil(bytes.length / 1024)} KB; the limit is 512 KB.`);
  if (bytes.subarray(0, PNG.length).equals(PNG)) return { bytes, mime: 'image/png' };
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return { bytes, mime: 'image/jpeg' };
  throw invalid('The logo must be a PNG or JPEG image.');
}
