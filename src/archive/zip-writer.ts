/**
 * A streaming ZIP writer for archives of many small files (signed XML), with ZIP64 when an archive passes
 * 65,535 entries or 4 GiB. Each entry is compressed synchronously in one call and written at once (local
 * header, data), so memory holds one entry plus the central directory (~100 bytes an entry, packed).
 *
 * Why not yazl, which the rest of the app uses for small ZIPs: it keeps every entry's compressed bytes
 * until the archive ends (a closure per entry) and compresses each buffer through its own zlib stream,
 * which measured ~0.7 ms an entry, i.e. under the 2,000 documents/s an export must reach and ~400 MB of
 * memory for 100,000 documents. Here an entry costs ~0.1 ms and the memory stays flat (docs/archive.md).
 * The output is checked against yauzl and `unzip -t` in test/unit/archive/zip-writer.test.ts.
 */
import { deflateRawSync } from 'node:zlib';
import { costaRicaParts } from '../domain/costa-rica-time.ts';
import { crc32 } from './crc32.ts';

/** Where the archive's bytes go (a FileSink, or memory in tests). */
export interface ZipSink {
  write(bytes: Uint8Array): Promise<void>;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const UTF8_NAMES = 0x0800; // general-purpose flag bit 11: names are UTF-8
const STORED = 0;
const DEFLATED = 8;
const VERSION_DEFAULT = 20; // 2.0: deflate
const VERSION_ZIP64 = 45; // 4.5: ZIP64 extensions
const MADE_BY_UNIX = 3 << 8;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
const MIN_DEFLATE = 128;

/** A precompressed entry (raw deflate), e.g. the CSV index built up while the archive is written. */
export interface DeflatedEntry {
  deflated: Buffer;
  crc32: number;
  size: number;
}

/** DOS date and time of the instant in Costa Rica (ZIP times have no zone; the archive's users are there). */
function dosDateTime(at: Date): { date: number; time: number } {
  const p = costaRicaParts(at);
  const year = Math.min(Math.max(p.year, 1980), 2107);
  return { date: ((year - 1980) << 9) | (p.month << 5) | p.day, time: (p.hour << 11) | (p.minute << 5) | (p.second >> 1) };
}

interface EntryFields {
  method: number;
  time: number;
  date: number;
  crc32: number;
  compressedSize: number;
  size: number;
  nameLength: number;
}

/** The run of fields the local header and the central directory record share: flags up to the name's length. */
function writeEntryFields(header: Buffer, at: number, f: EntryFields): void {
  header.writeUInt16LE(UTF8_NAMES, at);
  header.writeUInt16LE(f.method, at + 2);
  header.writeUInt16LE(f.time, at + 4);
  header.writeUInt16LE(f.date, at + 6);
  header.writeUInt32LE(f.crc32, at + 8);
  header.writeUInt32LE(f.compressedSize, at + 12);
  header.writeUInt32LE(f.size, at + 16);
  header.writeUInt16LE(f.nameLength, at + 20);
}

/** The central directory, packed into large chunks rather than one Buffer per entry. */
class PackedBytes {
  private readonly chunks: Buffer[] = [];
  private current = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  length = 0;

  push(bytes: Buffer): void {
    if (this.used + bytes.length > this.current.length) {
      this.chunks.push(this.current.subarray(0, this.used));
      this.current = Buffer.allocUnsafe(Math.max(1 << 20, bytes.length));
      this.used = 0;
    }
    bytes.copy(this.current, this.used);
    this.used += bytes.length;
    this.length += bytes.length;
  }

  all(): Buffer[] {
    return [...this.chunks, this.current.subarray(0, this.used)];
  }
}

export class ZipWriter {
  private offset = 0;
  private entries = 0;
  private readonly central = new PackedBytes();
  private finished = false;

  constructor(private readonly sink: ZipSink, private readonly level = 6) {}

  /** Adds a file, compressed unless that would make it larger. */
  async add(name: string, data: Buffer, modified: Date): Promise<void> {
    // Setting up a deflate costs ~50 µs whatever the size: not worth it for a few bytes.
    const deflated = data.length >= MIN_DEFLATE ? deflateRawSync(data, { level: this.level }) : data;
    const stored = deflated.length >= data.length;
    await this.write(name, stored ? data : deflated, { method: stored ? STORED : DEFLATED, crc32: crc32(data), size: data.length }, modified);
  }

  /** Adds a file whose bytes were compressed already (raw deflate). */
  async addDeflated(name: string, entry: DeflatedEntry, modified: Date): Promise<void> {
    await this.write(name, entry.deflated, { method: DEFLATED, crc32: entry.crc32, size: entry.size }, modified);
  }

  /** Writes the central directory and the end records; returns the archive's size in bytes. */
  async finish(): Promise<number> {
    if (this.finished) throw new Error('the archive is finished already');
    this.finished = true;
    const start = this.offset;
    for (const chunk of this.central.all()) await this.emit(chunk);
    const size = this.central.length;
    const zip64 = this.entries > MAX16 || start > MAX32 || size > MAX32;
    if (zip64) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0);
      record.writeBigUInt64LE(44n, 4); // size of the rest of this record
      record.writeUInt16LE(MADE_BY_UNIX | VERSION_ZIP64, 12);
      record.writeUInt16LE(VERSION_ZIP64, 14);
      record.writeBigUInt64LE(BigInt(this.entries), 24);
      record.writeBigUInt64LE(BigInt(this.entries), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(ZIP64_LOCATOR, 0);
      locator.writeBigUInt64LE(BigInt(start + size), 8);
      locator.writeUInt32LE(1, 16); // one disk
      await this.emit(record);
      await this.emit(locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(Math.min(this.entries, MAX16), 8);
    end.writeUInt16LE(Math.min(this.entries, MAX16), 10);
    end.writeUInt32LE(Math.min(size, MAX32), 12);
    end.writeUInt32LE(Math.min(start, MAX32), 16);
    await this.emit(end);
    return this.offset;
  }

  private async write(name: string, body: Buffer, info: { method: number; crc32: number; size: number }, modified: Date): Promise<void> {
    if (this.finished) throw new Error('the archive is finished already');
    if (body.length > MAX32 - 1 || info.size > MAX32 - 1) throw new Error(`${name}: entries of 4 GiB or more are not supported`);
    const nameBytes = Buffer.from(name, 'utf8');
    const { date, time } = dosDateTime(modified);
    const headerOffset = this.offset;

    const fields = { ...info, time, date, compressedSize: body.length, nameLength: nameBytes.length };
    const local = Buffer.allocUnsafe(30 + nameBytes.length);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION_DEFAULT, 4);
    writeEntryFields(local, 6, fields);
    local.writeUInt16LE(0, 28);
    nameBytes.copy(local, 30);
    await this.emit(local);
    await this.emit(body);

    // Only the header's offset can pass 4 GiB (entries are small): then it moves to a ZIP64 extra field.
    const far = headerOffset > MAX32;
    const central = Buffer.allocUnsafe(46 + nameBytes.length + (far ? 12 : 0));
    central.writeUInt32LE(CENTRAL_HEADER, 0);
    central.writeUInt16LE(MADE_BY_UNIX | (far ? VERSION_ZIP64 : VERSION_DEFAULT), 4);
    central.writeUInt16LE(far ? VERSION_ZIP64 : VERSION_DEFAULT, 6);
    writeEntryFields(central, 8, fields);
    central.writeUInt16LE(far ? 12 : 0, 30);
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE(REGULAR_FILE_0644, 38);
    central.writeUInt32LE(far ? MAX32 : headerOffset, 42);
    nameBytes.copy(central, 46);
    if (far) {
      const extra = 46 + nameBytes.length;
      central.writeUInt16LE(0x0001, extra);
      central.writeUInt16LE(8, extra + 2);
      central.writeBigUInt64LE(BigInt(headerOffset), extra + 4);
    }
    this.central.push(central);
    this.entries++;
  }

  private async emit(bytes: Buffer): Promise<void> {
    await this.sink.write(bytes);
    this.offset += bytes.length;
  }
}
