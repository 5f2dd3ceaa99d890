/**
 * The worker side of reencode-image.ts: one message in (`{bytes, mime}`), one answer out (bounded-image.ts's
 * result), so that decoding a logo of up to 4 megapixels never holds the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { boundedImage, type ImageMime } from './bounded-image.ts';

parentPort?.once('message', (message: { bytes: Uint8Array; mime: ImageMime }) => {
  const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
  parentPort!.postMessage(boundedImage(bytes, message.mime));
});
