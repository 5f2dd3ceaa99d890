/**
 * Quitting the desktop app without losing or half-doing work, in this order:
 * 1. stop accepting requests: the HTTP server stops listening and lets requests already being answered
 *    finish (fastify's close), so no new document is issued while the rest shuts down;
 * 2. let the outbox jobs in flight finish (core.outbox.stop()): a submission already on its way to the tax
 *    authority records its answer instead of being retried needlessly on the next start;
 * 3. close everything else (backups, reachability monitor, catalogs, store) through Server.close().
 * Steps 1 and 2 share one deadline: the tax authority may hang for its whole network timeout, and the
 * shopkeeper is waiting for the window to go. Giving up is safe — every job is a durable row; one cut
 * short stays `running` and server.ts releases it at the next start — so after the deadline the shell
 * tries the close once more, briefly, and then exits anyway (SQLite's WAL keeps the database whole).
 */
import type { Server } from '../src/index.ts';

export interface ShutdownSteps {
  stopAccepting(): Promise<void>;
  drainJobs(): Promise<void>;
  closeAll(): Promise<void>;
}

export interface ShutdownOptions {
  /** For steps 1 and 2 together (default 10 s). */
  timeoutMs?: number;
  /** For step 3 (default 5 s). */
  closeTimeoutMs?: number;
  log?: (message: string) => void;
}

export interface ShutdownResult {
  /** Some in-flight work did not finish in time (it will resume at the next start). */
  timedOut: boolean;
  /** The store was closed cleanly. */
  closed: boolean;
}

export function shutdownStepsOf(server: Pick<Server, 'app' | 'core' | 'close'>): ShutdownSteps {
  return {
    stopAccepting: async () => {
      await server.app.close();
    },
    drainJobs: () => server.core.outbox.stop(),
    // Server.close() closes the app again (a no-op once closed) and stops the outbox again (immediate
    // once drained), then the store.
    closeAll: () => server.close(),
  };
}

const TIMED_OUT = Symbol('timed out');

async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export async function shutdown(steps: ShutdownSteps, options: ShutdownOptions = {}): Promise<ShutdownResult> {
  const log = options.log ?? (() => {});
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let timedOut = false;
  for (const [name, step] of [['stop accepting requests', steps.stopAccepting], ['finish in-flight jobs', steps.drainJobs]] as const) {
    if (timedOut) break;
    if ((await within(step(), deadline - Date.now())) === TIMED_OUT) {
      timedOut = true;
      log(`shutdown: "${name}" did not finish in time; the interrupted work resumes at the next start`);
    }
  }
  const closed = (await within(steps.closeAll(), options.closeTimeoutMs ?? 5_000)) !== TIMED_OUT;
  if (!closed) log('shutdown: the store did not close in time; exiting anyway (the database stays consistent)');
  return { timedOut, closed };
}
