/**
 * Re-encodes an uploaded image (bounded-image.ts) in a worker thread of its own, with a memory ceiling and
 * a time limit: an upload is rare, so a worker per image costs nothing that matters, and whatever a
 * hostile file does to the decoder happens away from the event loop the counter's issuing runs on. Where
 * no worker can start, the image is re-encoded in this thread (bounded by the header limits all the same).
 */
import { startWorker } from '../threads/worker-script.ts';
import { boundedImage, type BoundedImage, type ImageMime } from './bounded-image.ts';

/** Enough for a 4-megapixel image decoded, scaled and encoded; a decoder that wants more is stopped. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 160, maxYoungGenerationSizeMb: 32 };
const TIME_LIMIT_MS = 20_000;

export function reencodeImage(bytes: Buffer, mime: ImageMime): Promise<BoundedImage> {
  const worker = startWorker('reencode', RESOURCE_LIMITS);
  if (!worker) return Promise.resolve(boundedImage(bytes, mime));
  return new Promise<BoundedImage>((resolve) => {
    const damaged = () => resolve({ ok: false, reason: 'damaged' });
    const timer = setTimeout(() => { damaged(); void worker.terminate(); }, TIME_LIMIT_MS);
    worker.once('message', (result: BoundedImage) => {
      resolve(result.ok ? { ok: true, bytes: Buffer.from(result.bytes) } : result);
    });
    // Out of memory or a crash in the decoder: the image is what failed.
    worker.once('error', damaged);
    worker.once('exit', () => { clearTimeout(timer); damaged(); });
    worker.postMessage({ bytes, mime });
  }).finally(() => void worker.terminate());
}
