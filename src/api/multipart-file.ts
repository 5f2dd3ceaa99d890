/**
 * The file part of a `multipart/form-data` upload (a browser form, `curl -F file=@archivo.zip`), taken from
 * the whole body already spooled to disk: the delimiters are found by scanning the file in chunks, so the
 * upload is never held in memory, and the file part's bytes are copied to a spooled upload of their own.
 * One file part is read (the first with a `filename`); other fields are ignored.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { ApiError } from './errors.ts';
import { spoolUpload, type SpooledUpload } from '../archive/upload-spool.ts';

/** Headers of one part: more than this is no form a client sends. */
const MAX_PART_HEADERS = 16 * 1024;

/** The boundary of a `multipart/form-data; boundary=…` Content-Type (RFC 2046: 1 to 70 characters). */
export function multipartBoundary(contentType: string | undefined): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new ApiError('invalid_request', 400, 'A multipart/form-data body needs a boundary in its Content-Type.');
  return boundary;
}

/** Offsets where each `\r\n--boundary` starts (the first delimiter may open the body without the CRLF). */
async function delimiterOffsets(path: string, boundary: string): Promise<number[]> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const offsets: number[] = [];
  let carry = Buffer.from('\r\n'); // the body's start counts as a line start
  let base = -carry.length; // file offset of carry[0]
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([carry, chunk]);
    for (let at = window.indexOf(delimiter); at !== -1; at = window.indexOf(delimiter, at + 1)) offsets.push(base + at);
    // Keep what could be the start of a delimiter split across two chunks.
    const keep = Math.min(window.length, delimiter.length - 1);
    base += window.length - keep;
    carry = window.subarray(window.length - keep);
  }
  return [...new Set(offsets)];
}

async function readAt(path: string, start: number, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The first part with a file name, as a spooled upload of its own (in `dir`, at most `maxBytes`), or
 * 400 `invalid_request` when the form carries no file.
 */
export async function fileOfMultipart(body: SpooledUpload, boundary: string, dir: string, maxBytes: number): Promise<SpooledUpload> {
  const delimiterLength = Buffer.byteLength(`\r\n--${boundary}`);
  const offsets = await delimiterOffsets(body.path, boundary);
  for (let i = 0; i + 1 < offsets.length; i++) {
    const partStart = offsets[i]! + delimiterLength + 2; // past the delimiter and its CRLF
    const head = await readAt(body.path, partStart, Math.min(MAX_PART_HEADERS, offsets[i + 1]! - partStart));
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) continue;
    const disposition = /^content-disposition:[^\r\n]*$/im.exec(head.subarray(0, end).toString('latin1'))?.[0] ?? '';
    if (!/;\s*filename\*?=/i.test(disposition)) continue;
    const dataStart = partStart + end + 4;
    const dataEnd = offsets[i + 1]!; // exclusive
    if (dataEnd <= dataStart) break;
    return spoolUpload(createReadStream(body.path, { start: dataStart, end: dataEnd - 1 }), dir, maxBytes);
  }
  throw new ApiError('invalid_request', 400, 'The form carries no file: send the ZIP as a file field (e.g. curl -F file=@archivo.zip).');
}
