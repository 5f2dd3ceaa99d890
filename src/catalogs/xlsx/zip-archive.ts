/**
 * Read-only access to the files inside a ZIP container (an .xlsx workbook is one) through yauzl, which
 * streams each member instead of loading the archive into memory.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface ZipArchive {
  /** Member names, e.g. `xl/workbook.xml`. */
  readonly names: readonly string[];
  /** Uncompressed size of a member (0 when absent). */
  size(name: string): number;
  /** A member as a stream of UTF-8 text. */
  textStream(name: string): Promise<AsyncIterable<string>>;
  /** A whole member as UTF-8 text (small members only: workbook, relationships). */
  text(name: string): Promise<string>;
  close(): void;
}

export async function openZipArchive(file: string): Promise<ZipArchive> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  } catch (err) {
    zip.close();
    throw err;
  }
  const entry = (name: string): yauzl.Entry => {
    const found = entries.get(name);
    if (!found) throw new Error(`the file has no ${name}`);
    return found;
  };
  const textStream = async (name: string): Promise<Readable> => {
    const stream = await zip.openReadStreamPromise(entry(name));
    stream.setEncoding('utf8');
    return stream;
  };
  return {
    names: [...entries.keys()],
    size: (name) => entries.get(name)?.uncompressedSize ?? 0,
    textStream,
    async text(name) {
      let out = '';
      for await (const chunk of await textStream(name)) out += chunk as string;
      return out;
    },
    close: () => zip.close(),
  };
}
