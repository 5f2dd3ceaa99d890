/**
 * The main thread's side of the commit worker (commit-worker.ts): sends a batch's counters and rows,
 * resolves with the saved ids once the worker's transaction is durable. Runs the worker from the bundle
 * (dist/commit-worker.mjs) or, from source, through tsx.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { CounterWrite, SavedDocument } from '../domain/issuing-port.ts';
import type { IssuedDocumentRow } from './documents.ts';

export interface CommitRequest {
  id: number;
  counters: CounterWrite[];
  rows: IssuedDocumentRow[];
  at: string;
}

export type CommitResponse = { id: number; saved: SavedDocument[] } | { id: number; error: string };

function workerUrl(): { url: URL; execArgv: string[] } {
  // In the bundle this module is part of dist/facturador.mjs, next to dist/commit-worker.mjs.
  if (import.meta.url.endsWith('.mjs')) return { url: new URL('./commit-worker.mjs', import.meta.url), execArgv: [] };
  return { url: new URL('./commit-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

export class CommitClient {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve(saved: SavedDocument[]): void; reject(error: Error): void }>();
  private nextId = 1;
  private failed: Error | undefined;

  constructor(private readonly file: string) {}

  /** The worker starts with the first batch: commands that never issue (the CLI) never pay for it. */
  private start(): Worker {
    const { url, execArgv } = workerUrl();
    const worker = new Worker(fileURLToPath(url), { workerData: { file: this.file }, execArgv });
    worker.unref();
    worker.on('message', (response: CommitResponse) => {
      const waiter = this.pending.get(response.id);
      this.pending.delete(response.id);
      if (!waiter) return;
      if ('error' in response) waiter.reject(new Error(response.error));
      else waiter.resolve(response.saved);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`commit worker exited (${code})`)));
    return worker;
  }

  private fail(error: Error): void {
    this.failed = error;
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  /** Whether batches may go to the worker (else the caller commits on its own connection). */
  get available(): boolean {
    return this.failed === undefined;
  }

  commit(counters: CounterWrite[], rows: IssuedDocumentRow[], at: Date): Promise<SavedDocument[]> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    const worker = (this.worker ??= this.start());
    return new Promise<SavedDocument[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref(); // keep the process alive while a batch is being made durable
      worker.postMessage({ id, counters, rows, at: at.toISOString() } satisfies CommitRequest);
    }).finally(() => {
      if (this.pending.size === 0) worker.unref();
    });
  }

  async close(): Promise<void> {
    this.failed ??= new Error('closed');
    await this.worker?.terminate();
  }
}
