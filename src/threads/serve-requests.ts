/** The worker side of request-worker.ts: one message in (`{id, request}`), one out (`{id, result}`). */
import { parentPort } from 'node:worker_threads';

export function serveRequests<Req, Res>(handle: (request: Req) => Res | Promise<Res>): void {
  parentPort?.on('message', ({ id, request }: { id: number; request: Req }) => {
    const result = handle(request);
    // An asynchronous answer is sent once settled; its function answers failures itself (never rejects).
    if (result instanceof Promise) void result.then((settled) => parentPort!.postMessage({ id, result: settled }));
    else parentPort!.postMessage({ id, result });
  });
}

/** A Buffer over the bytes a structured clone delivered as a Uint8Array (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
