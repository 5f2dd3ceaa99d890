/**
 * The import's defences, with small limits: the directory checks refuse the whole archive before anything
 * is decompressed, and a header that lies about its size fails that one file when it is read.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveRejected, ZipReader, type ImportLimits } from '../../../src/archive/zip-reader.ts';
import { zipOf } from '../../fixtures/archive-documents.ts';

const dir = mkdtempSync(join(tmpdir(), 'zip-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIMITS: ImportLimits = { maxFiles: 3, maxFileBytes: 1000, maxRatio: 100, maxTotalBytes: 1500 };

async function file(name: string, files: [string, Buffer][], patch?: (zip: Buffer) => void): Promise<string> {
  const zip = await zipOf(files);
  patch?.(zip);
  const path = join(dir, name);
  writeFileSync(path, zip);
  return path;
}

async function rejection(path: string): Promise<ArchiveRejected> {
  const error = await ZipReader.open(path, LIMITS).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ArchiveRejected);
  return error as ArchiveRejected;
}

describe('ZipReader', () => {
  it('reads every entry in order', async () => {
    const reader = await ZipReader.open(await file('ok.zip', [['a.xml', Buffer.from('<a/>')], ['b/c.xml', Buffer.from('x'.repeat(900))]]), LIMITS);
    const seen: [string, number][] = [];
    await reader.forEach(async (entry, _index, read) => void seen.push([entry.fileName, (await read()).length]));
    expect(seen).toEqual([['a.xml', 4], ['b/c.xml', 900]]);
  });

  it('refuses too many entries, one too large, or too much in all', async () => {
    const small = (n: number): [string, Buffer][] => Array.from({ length: n }, (_, i) => [`${i}.xml`, Buffer.from('<a/>')]);
    expect(await rejection(await file('many.zip', small(4)))).toMatchObject({ code: 'too_many_files', status: 413 });
    expect(await rejection(await file('big.zip', [['big.xml', Buffer.alloc(1001)]]))).toMatchObject({ code: 'file_too_large', status: 413 });
    expect(await rejection(await file('sum.zip', [['1.xml', Buffer.alloc(800)], ['2.xml', Buffer.alloc(800)]]))).toMatchObject({ code: 'archive_too_large', status: 413 });
    expect(await rejection(await file('junk.zip', [], (zip) => zip.fill(7)))).toMatchObject({ code: 'invalid_archive', status: 400 });
  });

  it('refuses a file compressed far more than XML ever is (the default limits: 2 MiB a file, 100 to 1)', async () => {
    const path = await file('ratio.zip', [['ok.xml', Buffer.from('<a/>'.repeat(1000))], ['bomb.xml', Buffer.alloc(1024 * 1024, '<a/>')]]);
    const error = await ZipReader.open(path).then(() => undefined, (e: unknown) => e);
    expect(error).toMatchObject({ code: 'file_too_large', status: 413, message: expect.stringMatching(/bomb\.xml is compressed more than 100 to 1/) });
    const tooBig = await file('big-default.zip', [['big.xml', Buffer.alloc(2 * 1024 * 1024 + 1, '<a/>')]]);
    expect(await ZipReader.open(tooBig).then(() => undefined, (e: unknown) => e)).toMatchObject({ code: 'file_too_large', message: expect.stringMatching(/big\.xml expands to 2 MiB/) });
  });

  it('fails only the file whose header understates its size', async () => {
    const honest = Buffer.from('<a/>');
    const liar = Buffer.alloc(900, 'x');
    const path = await file('liar.zip', [['liar.xml', liar], ['honest.xml', honest]], (zip) => {
      // Both headers of the first entry claim 10 bytes instead of 900.
      zip.writeUInt32LE(10, 22);
      const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      zip.writeUInt32LE(10, central + 24);
    });
    const outcomes: string[] = [];
    await (await ZipReader.open(path, LIMITS)).forEach(async (entry, _index, read) => {
      outcomes.push(await read().then((bytes) => `${entry.fileName}: ${bytes.length}`, () => `${entry.fileName}: refused`));
    });
    expect(outcomes).toEqual(['liar.xml: refused', 'honest.xml: 4']);
  });
});
