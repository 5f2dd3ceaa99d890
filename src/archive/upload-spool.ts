/**
 * An uploaded ZIP, spooled to a temporary file under `<dataDir>/tmp/` (yauzl reads a ZIP by random access,
 * from its central directory at the end, so it needs the whole file) with a size limit and a SHA-256 of
 * its bytes. Serialised to JSON it is `{sha256, size}`: the idempotency layer hashes the request body, and
 * so tells two uploads apart by their content.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';

/** Temporary files older than this belong to requests that died: the next upload removes them. */
const STALE_MS = 24 * 60 * 60 * 1000;

export class UploadTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The upload is larger than ${Math.round(limit / (1024 * 1024))} MiB.`);
    this.name = 'UploadTooLarge';
  }
}

export class SpooledUpload {
  readonly #path: string;

  constructor(path: string, readonly size: number, readonly sha256: string) {
    this.#path = path;
  }

  get path(): string {
    return this.#path;
  }

  toJSON(): { sha256: string; size: number } {
    return { sha256: this.sha256, size: this.size };
  }

  async discard(): Promise<void> {
    await rm(this.#path, { force: true });
  }
}

async function removeStale(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_MS) await rm(file, { force: true });
  }
}

/** Writes the stream to `<dir>/upload-<uuid>.zip`; UploadTooLarge (and no file) past `maxBytes`. */
export async function spoolUpload(stream: Readable, dir: string, maxBytes: number): Promise<SpooledUpload> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await removeStale(dir, Date.now());
  const path = join(dir, `upload-${randomUUID()}.zip`);
  const hash = createHash('sha256');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new UploadTooLarge(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(stream, count, createWriteStream(path, { mode: PRIVATE_FILE_MODE }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return new SpooledUpload(path, size, hash.digest('hex'));
}
