/**
 * Buffered, durable writes to one file: bytes are gathered into 1 MiB writes, and `close()` flushes and
 * fsyncs before it resolves, so a caller that renames the file afterwards never publishes a half-written one.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../private-files.ts';

const CHUNK = 1024 * 1024;

export class FileSink {
  private readonly buffer = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  private written = 0;

  private constructor(private readonly handle: FileHandle) {}

  /** Creates (or truncates) the file, readable by its owner only: archives hold every document (docs/backup.md). */
  static async create(path: string): Promise<FileSink> {
    return new FileSink(await open(path, 'w', PRIVATE_FILE_MODE));
  }

  /** Bytes accepted so far (written or buffered). */
  get size(): number {
    return this.written + this.used;
  }

  async write(bytes: Uint8Array): Promise<void> {
    if (this.used + bytes.length > CHUNK) await this.flush();
    if (bytes.length >= CHUNK) {
      await this.writeAll(bytes);
      return;
    }
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** Flushes, fsyncs and closes. */
  async close(): Promise<void> {
    await this.flush();
    await this.handle.sync();
    await this.handle.close();
  }

  /** Closes without flushing (the file is being thrown away). */
  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  private async flush(): Promise<void> {
    if (this.used === 0) return;
    // Awaited before the buffer is reused: no write of ours is ever in flight while it fills again.
    await this.writeAll(this.buffer.subarray(0, this.used));
    this.used = 0;
  }

  /** A write may take fewer bytes than offered (a full disk says so only on the next one). */
  private async writeAll(bytes: Uint8Array): Promise<void> {
    for (let at = 0; at < bytes.length;) {
      const { bytesWritten } = await this.handle.write(bytes, at, bytes.length - at);
      at += bytesWritten;
      this.written += bytesWritten;
    }
  }
}
