/** The stored logo (issue 12, Security 6): re-encoded, bounded, without what the uploaded file carried besides pixels. */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { boundedImage, scaleDown } from '../../../src/pdf/bounded-image.ts';
import { imageSize } from '../../../src/pdf/image-size.ts';
import { blackPng, gradientJpeg, gradientPng, jpegHeader } from '../../fixtures/image-headers.ts';

describe('boundedImage', () => {
  it('scales a large PNG down to 1000 pixels on its longest side, keeping the proportions', () => {
    const result = boundedImage(gradientPng(3000, 600), 'image/png');
    expect(result.ok && imageSize(result.bytes)).toEqual({ width: 1000, height: 200 });
  });

  it('drops a JPEG\'s EXIF block (where cameras write places and serial numbers)', () => {
    const plain = gradientJpeg(64, 32);
    const payload = Buffer.from('Exif\0\0GPS-9.93\0', 'latin1');
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0, payload.length + 2]), payload]);
    const withExif = Buffer.concat([plain.subarray(0, 2), exif, plain.subarray(2)]);
    const result = boundedImage(withExif, 'image/jpeg');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bytes.includes('Exif')).toBe(false);
    expect(jpeg.decode(result.bytes).width).toBe(64);
  });

  it('refuses what its header allows but its pixels do not deliver, and what its header already refuses', () => {
    expect(boundedImage(jpegHeader(100, 100), 'image/jpeg')).toEqual({ ok: false, reason: 'damaged' });
    expect(boundedImage(blackPng(11000, 11000), 'image/png')).toEqual({ ok: false, reason: 'too_big' });
  });
});

describe('scaleDown', () => {
  it('does not darken the edge of an opaque shape on a transparent background', () => {
    // A white pixel beside a transparent black one: their mean is white at half opacity, not grey.
    const image = { width: 2, height: 1, data: new Uint8Array([255, 255, 255, 255, 0, 0, 0, 0]) };
    expect([...scaleDown(image, 1).data]).toEqual([255, 255, 255, 128]);
  });

  it('leaves an image already within the bound as it is', () => {
    const image = PNG.sync.read(gradientPng(10, 10));
    expect(scaleDown(image, 1000)).toBe(image);
  });
});
