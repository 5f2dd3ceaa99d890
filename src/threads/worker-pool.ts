/**
 * A few RequestWorkers of one name, for work that comes in runs (a mailbox poll verifies a batch of suppliers'
 * documents at once): each request goes to the worker with the fewest unanswered, the first on a tie. So the
 * second thread starts only when a request comes while the first is busy — one file at a time never starts
 * it — and each starts with its first request, as a RequestWorker does. A worker that dies answers what it
 * held in this thread (request-worker.ts) and gets nothing more; the others carry on. With none left, the
 * requests are answered in this thread.
 */
import { RequestWorker, type RequestWorkerOptions } from './request-worker.ts';
import type { WorkerName } from './worker-script.ts';

export class WorkerPool<Req, Res> {
  private readonly workers: RequestWorker<Req, Res>[];

  constructor(name: WorkerName, size: number, options: RequestWorkerOptions<Req, Res>) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => new RequestWorker(name, options));
  }

  /** The answer to `request`, from the least busy worker. */
  run(request: Req): Promise<Res> {
    let chosen: RequestWorker<Req, Res> | undefined;
    for (const worker of this.workers) {
      if (worker.usable && (!chosen || worker.load < chosen.load)) chosen = worker;
    }
    // None usable: the first answers in this thread.
    return (chosen ?? this.workers[0]!).run(request);
  }

  /** Worker threads started and still running or starting. */
  get running(): number {
    return this.workers.filter((w) => w.started).length;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
