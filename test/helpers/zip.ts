/** Reads a ZIP back with yauzl (the reader the archive import uses): every entry's bytes and method. */
import yauzl from 'yauzl';

export interface ZipEntry {
  data: Buffer;
  /** 0 stored, 8 deflated */
  method: number;
}

export async function readZip(bytes: Buffer): Promise<Map<string, ZipEntry>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, ZipEntry>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, { data: Buffer.concat(chunks), method: entry.compressionMethod });
  }
  return entries;
}
