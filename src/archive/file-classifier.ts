/**
 * Runs classifyFile (import-file.ts: the XML reader and the signature verifier, milliseconds to tens of
 * milliseconds a file) in a worker thread, so that an import — hostile or merely large — never holds the
 * event loop the counter's issuing runs on (src/threads/worker-script.ts finds it in the sources, the core's
 * bundle or the packaged app). Where the worker cannot start or dies, the files are classified in this
 * thread, one at a time, the loop free between them: slower for the counter, never a failed import.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../threads/worker-script.ts';
import { classifyFile, type ClassifiedFile } from './import-file.ts';

export class FileClassifier {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve: (result: ClassifiedFile) => void; bytes: Buffer; owner: string }>();
  private next = 0;

  constructor() {
    this.worker = startWorker('classify');
    if (!this.worker) return;
    this.worker.on('message', ({ id, result }: { id: number; result: ClassifiedFile }) => {
      // Buffers come back as plain Uint8Arrays from the structured clone.
      if (result.kind === 'document') result.record.signedXml = Buffer.from(result.record.signedXml);
      this.waiting.get(id)?.resolve(result);
      this.waiting.delete(id);
    });
    this.worker.on('error', () => this.fallBack());
    this.worker.on('exit', () => this.fallBack());
  }

  /** The file's classification; the bytes are copied to the worker, the caller keeps its own. */
  classify(bytes: Buffer, owner: string): Promise<ClassifiedFile> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(classifyFile(bytes, owner));
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, bytes, owner });
      worker.postMessage({ id, bytes, owner });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  /** A worker that failed to start or died: what it held, and everything after, is classified here. */
  private fallBack(): void {
    this.worker = undefined;
    for (const { resolve, bytes, owner } of this.waiting.values()) resolve(classifyFile(bytes, owner));
    this.waiting.clear();
  }
}
