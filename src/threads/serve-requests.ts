/** The worker side of request-worker.ts: one message in (`{id, request}`), one out (`{id, result}`). */
import { parentPort } from 'node:worker_threads';

export function serveRequests<Req, Res>(handle: (request: Req) => Res): void {
  parentPort?.on('message', ({ id, request }: { id: number; request: Req }) => {
    parentPort!.postMessage({ id, result: handle(request) });
  });
}

/** A Buffer over the bytes a structured clone delivered as a Uint8Array (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
