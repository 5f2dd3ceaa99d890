/**
 * One worker thread (worker-entries.json) answering requests one message each — how the core reads other
 * people's files (imports, suppliers' documents) without holding the event loop the counter issues on. Where
 * the worker cannot start or dies, what it held and everything after is answered in this thread by the same
 * function, one at a time, the loop free between them: slower for the counter, never a lost request.
 * The worker starts with the first request, so that holding a RequestWorker costs nothing until it is used.
 * The worker side is serveRequests (serve-requests.ts); several workers of one name are a WorkerPool
 * (worker-pool.ts).
 */
import type { ResourceLimits, Worker } from 'node:worker_threads';
import { startWorker, type WorkerName } from './worker-script.ts';

export interface RequestWorkerOptions<Req, Res> {
  /** The same work in this thread, for when there is no worker. */
  fallback: (request: Req) => Res | Promise<Res>;
  /** Restores what the structured clone changed on the way back (Buffers arrive as Uint8Arrays). */
  revive?: (result: Res) => Res;
  resourceLimits?: ResourceLimits;
  /** How the thread starts, when not from the entry of its name (a test's own script). */
  start?: () => Worker | undefined;
  /**
   * The worker keeps the process alive only while it has requests to answer (a worker held by a module for
   * the life of the process, which nobody closes: a command that made one PDF still ends).
   */
  holdsProcessOnlyWhileBusy?: boolean;
}

export class RequestWorker<Req, Res> {
  /** null: not started yet; undefined: none (it failed to start, died, or was closed). */
  private worker: Worker | undefined | null = null;
  private readonly waiting = new Map<number, { resolve: (result: Res | Promise<Res>) => void; request: Req }>();
  private next = 0;

  constructor(private readonly name: WorkerName, private readonly options: RequestWorkerOptions<Req, Res>) {}

  private start(): Worker | undefined {
    const worker = this.options.start ? this.options.start() : startWorker(this.name, this.options.resourceLimits);
    this.worker = worker;
    if (!worker) return undefined;
    if (this.options.holdsProcessOnlyWhileBusy) worker.unref();
    worker.on('message', ({ id, result }: { id: number; result: Res }) => {
      this.waiting.get(id)?.resolve(this.options.revive ? this.options.revive(result) : result);
      this.waiting.delete(id);
      if (this.waiting.size === 0 && this.options.holdsProcessOnlyWhileBusy) worker.unref();
    });
    worker.on('error', () => this.fallBack());
    worker.on('exit', () => this.fallBack());
    return worker;
  }

  /** Requests sent to the worker and not answered yet. */
  get load(): number {
    return this.waiting.size;
  }

  /** Whether requests still go to a worker thread: not yet started counts; failed to start, dead or closed does not. */
  get usable(): boolean {
    return this.worker !== undefined;
  }

  /** Whether a worker thread was started and is still there. */
  get started(): boolean {
    return this.worker !== null && this.worker !== undefined;
  }

  /** Starts the worker now, so that the first request does not wait for it to load. */
  warm(): void {
    if (this.worker === null) this.start();
  }

  /** The answer to `request`; what it holds is copied to the worker, the caller keeps its own. */
  run(request: Req): Promise<Res> {
    const worker = this.worker === null ? this.start() : this.worker;
    if (!worker) return Promise.resolve(this.options.fallback(request));
    const id = this.next++;
    if (this.waiting.size === 0 && this.options.holdsProcessOnlyWhileBusy) worker.ref();
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, request });
      worker.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private fallBack(): void {
    this.worker = undefined;
    for (const { resolve, request } of this.waiting.values()) resolve(this.options.fallback(request));
    this.waiting.clear();
  }
}
