/**
 * One request in a worker thread of its own, answered with bytes: for work asked for rarely that holds a
 * thread for tens of milliseconds (a worksheet's or a shift report's PDF), so that the event loop the counter
 * issues on stays free and nothing lives on between requests. Where no worker can start, or it dies, the same
 * work runs in this thread (`inThisThread`, which loads its heavy modules only then).
 */
import { parentPort } from 'node:worker_threads';
import { startWorker, type WorkerName } from './worker-script.ts';

export interface OneShotJob<Request> {
  /** The entry of worker-entries.json. */
  entry: WorkerName;
  inThisThread: (request: Request) => Promise<Uint8Array>;
  timeoutMs: number;
  /** The error's message when the worker takes longer than timeoutMs. */
  tooLong: string;
}

type Answer = { bytes: Uint8Array } | { failed: string };

export function runOneShot<Request>(job: OneShotJob<Request>, request: Request): Promise<Buffer> {
  const here = () => job.inThisThread(request).then((bytes) => Buffer.from(bytes));
  const worker = startWorker(job.entry);
  if (!worker) return here();
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(job.tooLong))), job.timeoutMs);
    worker.once('message', (answer: Answer) => {
      if ('bytes' in answer) settle(() => resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength)));
      else settle(() => reject(new Error(answer.failed)));
    });
    const fallBack = () => settle(() => here().then(resolve, reject));
    worker.once('error', fallBack);
    worker.once('exit', fallBack);
    worker.postMessage(request);
  });
}

/** The worker's side: one request in, its bytes out (or `{ failed }`). */
export function serveOneShot<Request>(work: (request: Request) => Promise<Uint8Array>): void {
  parentPort?.once('message', (request: Request) => {
    work(request).then(
      (bytes) => parentPort!.postMessage({ bytes } satisfies Answer),
      (error: unknown) => parentPort!.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies Answer),
    );
  });
}
