/**
 * The archive's ZIP writer against two independent readers: yauzl (what the import uses) and Info-ZIP's
 * `unzip -t` (what an accountant's machine is likely to use), including ZIP64 past 65,535 entries.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { afterAll, describe, expect, it } from 'vitest';
import { FileSink } from '../../../src/archive/file-sink.ts';
import { ZipWriter } from '../../../src/archive/zip-writer.ts';
import { crc32, tableCrc32 } from '../../../src/archive/crc32.ts';

const dir = mkdtempSync(join(tmpdir(), 'zip-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hasUnzip = existsSync('/usr/bin/unzip');

async function readAll(path: string): Promise<Map<string, { data: Buffer; date: Date; method: number }>> {
  const zip = await yauzl.openPromise(path, { lazyEntries: true });
  const out = new Map<string, { data: Buffer; date: Date; method: number }>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    out.set(entry.fileName, { data: Buffer.concat(chunks), date: entry.getLastModDate({ timezone: 'UTC' }), method: entry.compressionMethod });
  }
  return out;
}

async function write(name: string, fill: (zip: ZipWriter) => Promise<void>): Promise<{ path: string; size: number }> {
  const path = join(dir, name);
  const sink = await FileSink.create(path);
  const zip = new ZipWriter(sink);
  await fill(zip);
  const size = await zip.finish();
  await sink.close();
  return { path, size };
}

describe('ZipWriter', () => {
  it('writes entries that yauzl and unzip read back byte for byte', async () => {
    const xml = Buffer.from(`<?xml version="1.0" encoding="utf-8"?><FacturaElectronica>${'<Linea>café ₡</Linea>'.repeat(200)}</FacturaElectronica>`);
    const noise = randomBytes(3000); // incompressible: stored, not deflated
    const csv = Buffer.from('\uFEFFclave,total\r\n5061503260031011234560010000101000000009911234567,1130.00000\r\n');
    const issued = new Date('2026-03-15T10:30:00-06:00');
    const { path, size } = await write('small.zip', async (zip) => {
      await zip.add('documents/ñandú.xml', xml, issued);
      await zip.add('documents/noise.bin', noise, issued);
      await zip.addDeflated('index.csv', { deflated: deflateRawSync(csv), crc32: crc32(csv), size: csv.length }, issued);
    });
    const entries = await readAll(path);
    expect([...entries.keys()]).toEqual(['documents/ñandú.xml', 'documents/noise.bin', 'index.csv']);
    expect(entries.get('documents/ñandú.xml')!.data.equals(xml)).toBe(true);
    expect(entries.get('documents/ñandú.xml')!.method).toBe(8);
    expect(entries.get('documents/noise.bin')!.data.equals(noise)).toBe(true);
    expect(entries.get('documents/noise.bin')!.method).toBe(0);
    expect(entries.get('index.csv')!.data.equals(csv)).toBe(true);
    // DOS time in Costa Rica's wall clock (10:30 local), read back without a zone.
    expect(entries.get('index.csv')!.date.toISOString()).toBe('2026-03-15T10:30:00.000Z');
    expect(size).toBeGreaterThan(0);
    if (hasUnzip) expect(execFileSync('unzip', ['-t', path]).toString()).toMatch(/No errors detected/);
  });

  it('switches to ZIP64 end records past 65,535 entries', async () => {
    const count = 70_000;
    const { path } = await write('many.zip', async (zip) => {
      const when = new Date('2026-01-01T12:00:00Z');
      for (let i = 0; i < count; i++) await zip.add(`f/${i}.txt`, Buffer.from(String(i)), when);
    });
    // yauzl finds the count in the ZIP64 record (iterating 70,000 entries with it takes seconds: unzip lists them).
    const zip = await yauzl.openPromise(path, { lazyEntries: true });
    expect(zip.entryCount).toBe(count);
    zip.close();
    if (hasUnzip) {
      expect(execFileSync('unzip', ['-tq', path]).toString()).toMatch(/No errors detected/);
      const listing = execFileSync('unzip', ['-Z1', path], { maxBuffer: 16 * 1024 * 1024 }).toString().trim().split('\n');
      expect(listing).toHaveLength(count);
      expect(listing[count - 1]).toBe(`f/${count - 1}.txt`);
    }
  });

  it('refuses entries after finish', async () => {
    const sink = await FileSink.create(join(dir, 'closed.zip'));
    const zip = new ZipWriter(sink);
    await zip.finish();
    await expect(zip.add('late.txt', Buffer.from('x'), new Date())).rejects.toThrow(/finished/);
    await expect(zip.finish()).rejects.toThrow(/finished/);
    await sink.close();
  });
});

describe('crc32', () => {
  it('the native and the table versions agree, also when continued', () => {
    const data = randomBytes(10_000);
    expect(tableCrc32(data, 0)).toBe(crc32(data));
    expect(crc32(data.subarray(5000), crc32(data.subarray(0, 5000)))).toBe(crc32(data));
    expect(tableCrc32(data.subarray(5000), tableCrc32(data.subarray(0, 5000), 0))).toBe(crc32(data));
  });
});
