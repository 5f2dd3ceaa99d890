/**
 * The worker side of file-classifier.ts: parsing and signature verification of imported files, off the
 * server's event loop. One message in (`{id, bytes, owner}`), one out (`{id, result}`).
 */
import { parentPort } from 'node:worker_threads';
import { classifyFile } from './import-file.ts';

parentPort?.on('message', (message: { id: number; bytes: Uint8Array; owner: string }) => {
  const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
  parentPort!.postMessage({ id: message.id, result: classifyFile(bytes, message.owner) });
});
