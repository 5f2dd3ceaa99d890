import { describe, expect, it } from 'vitest';
import { ARRIVAL_ZIP_LIMITS, unpack } from '../../../src/received/unpack.ts';
import { zipOf } from '../../fixtures/archive-documents.ts';

describe('the files of one arrival', () => {
  it('opens ZIPs in place and keeps the other files as they are', async () => {
    const zip = await zipOf([['a.xml', Buffer.from('<a/>')], ['b.pdf', Buffer.from('%PDF-1')]]);
    const { files, problems } = await unpack([{ name: 'x.xml', bytes: Buffer.from('<x/>') }, { name: 'c.zip', bytes: zip }]);
    expect(files.map((f) => [f.name, f.bytes.toString()])).toEqual([['x.xml', '<x/>'], ['c.zip/a.xml', '<a/>'], ['c.zip/b.pdf', '%PDF-1']]);
    expect(problems).toEqual([]);
  });

  it('shares one budget among all the ZIPs: many small ones do not add up past it', async () => {
    const limits = { ...ARRIVAL_ZIP_LIMITS, maxTotalBytes: 2_500, maxFiles: 100 };
    const zips = await Promise.all(Array.from({ length: 4 }, (_, i) => zipOf([[`doc${i}.xml`, Buffer.alloc(1_000, 0x41)]])));
    const { files, problems } = await unpack(zips.map((bytes, i) => ({ name: `z${i}.zip`, bytes })), limits);
    expect(files.map((f) => f.name)).toEqual(['z0.zip/doc0.xml', 'z1.zip/doc1.xml']);
    expect(problems.map((p) => p.name)).toEqual(['z2.zip/doc2.xml', 'z3.zip/doc3.xml']);
    expect(problems[0]!.reason).toMatch(/at most/);
  });

  it('reports a damaged ZIP and goes on with the rest', async () => {
    const { files, problems } = await unpack([{ name: 'roto.zip', bytes: Buffer.from('PK\u0003\u0004 nothing') }, { name: 'y.xml', bytes: Buffer.from('<y/>') }]);
    expect(files.map((f) => f.name)).toEqual(['y.xml']);
    expect(problems).toEqual([{ name: 'roto.zip', reason: expect.stringMatching(/ZIP/) }]);
  });
});
