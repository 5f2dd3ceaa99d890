/**
 * Reads an uploaded ZIP with yauzl, defending against archives built to exhaust the machine. Before a single
 * byte is decompressed, the central directory is read once and refused as a whole (ArchiveRejected, a 4xx)
 * when it lists too many files, a file too large, or too much data in all; a file whose data turns out
 * larger than its header said (a lying header) is refused alone when it is read. Entries are then visited
 * in order, one in memory at a time. Names are never used as paths: nothing is extracted to disk.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { UNTRUSTED_XML_LIMITS } from '../domain/xml-limits.ts';

export interface ImportLimits {
  /** Entries in the ZIP (files and folders). */
  maxFiles: number;
  /** Uncompressed bytes of one file: an XML document is kilobytes; a 1,000-line one stays under 2 MB. */
  maxFileBytes: number;
  /**
   * Uncompressed / compressed size of one file, checked for files above RATIO_FLOOR: XML deflates about
   * 5–20 to 1, while a bomb of repeated bytes deflates about 1,000 to 1.
   */
  maxRatio: number;
  /** Uncompressed bytes of all files together. */
  maxTotalBytes: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxFiles: 300_000,
  maxFileBytes: UNTRUSTED_XML_LIMITS.maxBytes,
  maxRatio: 100,
  maxTotalBytes: 8 * 1024 * 1024 * 1024,
};

/** The upload as a whole cannot be imported; nothing was written. */
export class ArchiveRejected extends Error {
  constructor(readonly code: string, readonly status: 400 | 413, message: string) {
    super(message);
    this.name = 'ArchiveRejected';
  }
}

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MiB`;

/** Small files are left out of the ratio check: a short text of spaces compresses well and harms no one. */
const RATIO_FLOOR = 256 * 1024;

/** Where a ZIP is: a spooled upload on disk, or an attachment in memory (a supplier's mail). */
export type ZipSource = string | Buffer;

async function openZip(source: ZipSource): Promise<ZipFile> {
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: true };
  try {
    return await (typeof source === 'string' ? yauzl.openPromise(source, options) : yauzl.fromBufferPromise(source, options));
  } catch (error) {
    throw new ArchiveRejected('invalid_archive', 400, `Not a readable ZIP archive: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Visits every entry of the central directory; a malformed directory (or an unsafe name) rejects the upload. */
async function eachEntry(zip: ZipFile, visit: (entry: Entry, index: number) => Promise<void> | void): Promise<void> {
  const entries = zip.eachEntry();
  for (let index = 0; ; index++) {
    let step: IteratorResult<Entry>;
    try {
      step = await entries.next();
    } catch (error) {
      // yauzl fails on a damaged directory, or a name that is absolute or climbs out with `..`.
      throw new ArchiveRejected('invalid_archive', 400, `The ZIP archive is damaged or unsafe: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (step.done) return;
    await visit(step.value, index);
  }
}

/** The checks of the central directory, before anything is decompressed. */
async function checkDirectory(zip: ZipFile, limits: ImportLimits): Promise<void> {
  if (zip.entryCount > limits.maxFiles) {
    throw new ArchiveRejected('too_many_files', 413, `The ZIP holds ${zip.entryCount} entries; at most ${limits.maxFiles} can be imported at once.`);
  }
  let total = 0;
  await eachEntry(zip, (entry) => {
    if (entry.uncompressedSize > limits.maxFileBytes) {
      throw new ArchiveRejected('file_too_large', 413, `${entry.fileName} expands to ${MB(entry.uncompressedSize)}; files of more than ${MB(limits.maxFileBytes)} are not imported.`);
    }
    if (entry.uncompressedSize > RATIO_FLOOR && entry.uncompressedSize > limits.maxRatio * Math.max(entry.compressedSize, 1)) {
      throw new ArchiveRejected('file_too_large', 413, `${entry.fileName} is compressed more than ${limits.maxRatio} to 1, as no real document is (a ZIP bomb); it is not imported.`);
    }
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) {
      throw new ArchiveRejected('archive_too_large', 413, `The ZIP expands to more than ${MB(limits.maxTotalBytes)}; import it in parts.`);
    }
  });
}

export class ZipReader {
  private constructor(private readonly source: ZipSource, private readonly limits: ImportLimits, readonly entryCount: number) {}

  /** Opens the ZIP and checks its directory against the limits (ArchiveRejected when it fails them). */
  static async open(source: ZipSource, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): Promise<ZipReader> {
    const zip = await openZip(source);
    try {
      await checkDirectory(zip, limits);
      return new ZipReader(source, limits, zip.entryCount);
    } finally {
      zip.close();
    }
  }

  /** Visits the entries in order with a reader of their bytes; `visit` may skip reading an entry. */
  async forEach(visit: (entry: Entry, index: number, read: () => Promise<Buffer>) => Promise<void>): Promise<void> {
    const zip = await openZip(this.source);
    try {
      await eachEntry(zip, (entry, index) => visit(entry, index, () => this.read(zip, entry)));
    } finally {
      zip.close();
    }
  }

  /** The entry's bytes; rejects when they exceed its declared size or the per-file limit (a lying header). */
  private async read(zip: ZipFile, entry: Entry): Promise<Buffer> {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > this.limits.maxFileBytes) {
        stream.destroy();
        throw new Error(`it expands beyond ${MB(this.limits.maxFileBytes)}`);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size);
  }
}
