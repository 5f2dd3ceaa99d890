/**
 * The logo's declared size, read from its header without decoding (issue 12, Security 6), and the PDF
 * leaving out a stored logo over the limits instead of decoding it for every document.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageSize, withinImageLimits } from '../../../src/pdf/image-size.ts';
import { renderDocumentPdf } from '../../../src/pdf/render-document-pdf.ts';
import { writeDocument } from '../../../src/xml/write-document.ts';
import { sampleModel } from '../../fixtures/document-models.ts';
import { blackPng, jpegHeader } from '../../fixtures/image-headers.ts';

describe('imageSize', () => {
  it('reads PNG and JPEG sizes from their headers', () => {
    expect(imageSize(blackPng(11000, 9000))).toEqual({ width: 11000, height: 9000 });
    expect(imageSize(jpegHeader(1600, 400))).toEqual({ width: 1600, height: 400 });
    expect(imageSize(jpegHeader(300, 200, 0xc2))).toEqual({ width: 300, height: 200 }); // progressive
  });

  it('skips JPEG segments that are not frame headers (a Huffman table C4 is not a frame) and fill bytes', () => {
    const jpeg = jpegHeader(640, 480);
    const dht = Buffer.from([0xff, 0xff, 0xc4, 0x00, 0x05, 0x00, 0x10, 0x20]);
    expect(imageSize(Buffer.concat([jpeg.subarray(0, 20), dht, jpeg.subarray(20)]))).toEqual({ width: 640, height: 480 });
  });

  it('answers nothing for a header cut short, scan data before a frame, or another format', () => {
    expect(imageSize(blackPng(10, 10).subarray(0, 20))).toBeUndefined();
    expect(imageSize(jpegHeader(10, 10).subarray(0, 24))).toBeUndefined();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeUndefined();
    expect(imageSize(Buffer.from('GIF89a........'))).toBeUndefined();
  });

  it.each([
    [{ width: 2000, height: 2000 }, true], [{ width: 4000, height: 1000 }, true], [{ width: 1, height: 1 }, true],
    [{ width: 4001, height: 10 }, false], [{ width: 2001, height: 2000 }, false], [{ width: 11000, height: 11000 }, false], [{ width: 100, height: 0 }, false],
  ])('limits %o → %s', (size, ok) => {
    expect(withinImageLimits(size)).toBe(ok);
  });
});

describe('a stored logo over the limits', () => {
  it('is left out of the PDF, which renders at once', async () => {
    const model = sampleModel('01', 'full');
    const doc = { documentType: model.type, signedXml: Buffer.from(writeDocument(model)), status: 'accepted', haciendaMessage: null, environment: 'production' };
    const imagesOf = async (logo: Buffer): Promise<number> => {
      const pdf = await renderDocumentPdf(doc, { color: null, footer: null, logo, logoMime: 'image/png' }, { format: 'a4', lang: 'es' });
      const dir = mkdtempSync(join(tmpdir(), 'facturador-logo-'));
      try {
        writeFileSync(join(dir, 'doc.pdf'), pdf);
        return execFileSync('pdfimages', ['-list', join(dir, 'doc.pdf')]).toString().trim().split('\n').length - 2; // two header lines
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };
    const withSmallLogo = await imagesOf(blackPng(400, 100));
    const started = performance.now();
    expect(await imagesOf(blackPng(4100, 1000))).toBe(withSmallLogo - 1);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
