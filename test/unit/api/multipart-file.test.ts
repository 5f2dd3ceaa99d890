/** The file part of a multipart/form-data body spooled to disk (src/api/multipart-file.ts). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { fileOfMultipart, multipartBoundary } from '../../../src/api/multipart-file.ts';
import { SpooledUpload } from '../../../src/archive/upload-spool.ts';

const dir = mkdtempSync(join(tmpdir(), 'facturador-multipart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function form(boundary: string, file: Buffer, before = 'a field'): SpooledUpload {
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${before}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const path = join(dir, `form-${randomBytes(4).toString('hex')}`);
  writeFileSync(path, body);
  return new SpooledUpload(path, body.length, '');
}

describe('fileOfMultipart', () => {
  it('copies the file part byte for byte, also when a delimiter straddles two read chunks', async () => {
    const boundary = '----formdata-undici-0123456789';
    // The file ends just before the 1 MiB chunk border, so the closing delimiter is split across two reads.
    const head = Buffer.byteLength(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\na field\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\n`);
    const file = randomBytes(1024 * 1024 - head - 10);
    const upload = await fileOfMultipart(form(boundary, file), boundary, dir, 10 * 1024 * 1024);
    expect(readFileSync(upload.path).equals(file)).toBe(true);
    expect(upload.size).toBe(file.length);
    const big = randomBytes(3 * 1024 * 1024 + 7);
    expect(readFileSync((await fileOfMultipart(form(boundary, big), boundary, dir, 10 * 1024 * 1024)).path).equals(big)).toBe(true);
  });

  it('reads the boundary of the Content-Type, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(() => multipartBoundary('multipart/form-data')).toThrow(/boundary/);
  });
});
