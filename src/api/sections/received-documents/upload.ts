/**
 * The files of POST /received-documents: a `multipart/form-data` form with one or more files (a screen's
 * upload, `curl -F file=@a.xml -F file=@b.pdf`), or one raw XML body (`application/xml`, `text/xml`). One
 * arrival is at most a mail's worth, so the body is read in memory within the route's body limit.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../domain/errors.ts';
import type { IncomingFile } from '../../../received/unpack.ts';
import { multipartBoundary } from '../../multipart-file.ts';

/** A mail's worth of documents, answers, PDFs and ZIPs. */
export const MAX_RECEIVED_UPLOAD_BYTES = 64 * 1024 * 1024;
export const XML_TYPES = ['application/xml', 'text/xml'];
const MULTIPART = 'multipart/form-data';

/**
 * The parsed body of the route: the files, and — for X-Idempotency-Key, which fingerprints bodies as JSON — a
 * digest of each instead of its bytes, as the archive's spooled upload does.
 */
export class ReceivedUpload {
  constructor(readonly files: IncomingFile[]) {}

  toJSON(): { name: string; sha256: string }[] {
    return this.files.map((f) => ({ name: f.name, sha256: createHash('sha256').update(f.bytes).digest('hex') }));
  }
}

/** The route's files, or 415 when the body came in a form this route does not read (JSON, nothing). */
export function uploadedFiles(body: unknown): IncomingFile[] {
  if (body instanceof ReceivedUpload) return body.files;
  throw new AppError('unsupported_media_type', 415, 'Send the files as multipart/form-data, or one XML document as application/xml.');
}

/** A form's file name: `filename*=UTF-8''…` (RFC 5987) decoded, or the plain `filename="…"`. */
function partFileName(head: string): string | undefined {
  const extended = /filename\*=(?:UTF-8|utf-8)''([^;\r\n]+)/.exec(head);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      return extended[1]!.trim();
    }
  }
  const plain = /filename=(?:"([^"]*)"|([^;\r\n]+))/i.exec(head);
  return plain ? (plain[1] ?? plain[2] ?? '').trim() : undefined;
}

/** The parts of a form that carry a file name, in order; other fields are ignored. */
export function filesOfForm(body: Buffer, boundary: string): IncomingFile[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const files: IncomingFile[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break; // the closing delimiter
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next); // past the CRLF after the delimiter
    const headEnd = part.indexOf('\r\n\r\n');
    if (headEnd !== -1) {
      const name = partFileName(part.subarray(0, headEnd).toString('utf8'));
      if (name !== undefined) files.push({ name: name || 'archivo', bytes: Buffer.from(part.subarray(headEnd + 4)) });
    }
    at = next + 2;
  }
  return files;
}

/** For the calling plugin's routes: forms and XML bodies as buffers; `request.body` becomes a ReceivedUpload. */
export function acceptReceivedFiles(app: FastifyInstance): void {
  app.addContentTypeParser([MULTIPART, ...XML_TYPES], { parseAs: 'buffer', bodyLimit: MAX_RECEIVED_UPLOAD_BYTES }, (request, body, done) => {
    const type = request.headers['content-type']?.toLowerCase() ?? '';
    try {
      const bytes = body as Buffer;
      const files = type.startsWith(MULTIPART) ? filesOfForm(bytes, multipartBoundary(request.headers['content-type'])) : [{ name: 'documento.xml', bytes }];
      if (files.length === 0) throw new AppError('invalid_request', 400, 'The form carries no file: send the supplier\'s XML, its answer and PDF as file fields.');
      done(null, new ReceivedUpload(files));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
