/**
 * POST /archive/import takes the ZIP itself as the body (`Content-Type: application/zip`, or the
 * `application/x-zip-compressed` Windows browsers give .zip files), or a `multipart/form-data` form whose
 * file field is the ZIP (multipart-file.ts), streamed to a temporary file as it arrives rather than held in
 * memory. Registered inside the archive routes' plugin only, so no other route
 * accepts ZIP bodies. The temporary file is removed once the response is sent.
 */
import { join } from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../domain/errors.ts';
import { SpooledUpload, spoolUpload, UploadTooLarge } from '../../../archive/upload-spool.ts';
import { fileOfMultipart, multipartBoundary } from '../../multipart-file.ts';

/** Five years of a busy shop's XML compress to well under this; beyond it, the CLI imports from a file. */
export const MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

export const ZIP_CONTENT_TYPES = ['application/zip', 'application/x-zip-compressed'];
export const MULTIPART_CONTENT_TYPE = 'multipart/form-data';

const tooLarge = () => new AppError('payload_too_large', 413, `The upload is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MiB; import it in parts or with \`facturador archive import\`.`);

/**
 * Bodies of `contentTypes` spooled to `<dataDir>/tmp/` (a SpooledUpload as `request.body`), at most
 * `maxBytes`, removed once the response is sent; for the calling plugin's routes only.
 */
export function acceptFileUploads(app: FastifyInstance, dataDir: string, contentTypes: string[], maxBytes: number, tooBig: () => AppError): void {
  app.addContentTypeParser(contentTypes, async (request: FastifyRequest, payload: IncomingMessage) => {
    if (Number(request.headers['content-length']) > maxBytes) throw tooBig();
    const dir = join(dataDir, 'tmp');
    try {
      const upload = await spoolUpload(payload, dir, maxBytes);
      if (!request.headers['content-type']?.toLowerCase().startsWith(MULTIPART_CONTENT_TYPE)) return upload;
      // A form: the file field's bytes become the upload; the whole form is removed at once.
      try {
        return await fileOfMultipart(upload, multipartBoundary(request.headers['content-type']), dir, maxBytes);
      } finally {
        await upload.discard();
      }
    } catch (error) {
      throw error instanceof UploadTooLarge ? tooBig() : error;
    }
  });
  app.addHook('onResponse', async (request) => {
    if (request.body instanceof SpooledUpload) await request.body.discard();
  });
}

export function acceptZipUploads(app: FastifyInstance, dataDir: string): void {
  acceptFileUploads(app, dataDir, [...ZIP_CONTENT_TYPES, MULTIPART_CONTENT_TYPE], MAX_UPLOAD_BYTES, tooLarge);
}

export function requireZipUpload(body: unknown): SpooledUpload {
  if (body instanceof SpooledUpload) return body;
  throw new AppError('unsupported_media_type', 415, 'Send the ZIP file itself as the request body, with Content-Type: application/zip, or as the file field of a multipart/form-data form.');
}
