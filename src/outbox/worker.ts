/**
 * The outbox worker: claims due jobs with a lease, runs their handlers, completes them or schedules a retry
 * with backoff. Jobs survive restarts (they are rows); a job whose worker crashed is claimed again when its
 * lease expires. Handlers must be idempotent: a job may run again after a crash at the wrong moment.
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { claimJobs, completeJob, failJob, nextDueAt, type OutboxJob } from '../store/outbox-jobs.ts';
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy } from './backoff.ts';

export type JobHandler = (job: OutboxJob) => Promise<void>;

/** Thrown by a handler to ask for a retry at a given time instead of the backoff's. */
export class RetryAt extends Error {
  constructor(readonly at: Date, message = 'retry requested') {
    super(message);
  }
}

export interface WorkerOptions {
  store: Store;
  clock: Clock;
  handlers: Record<string, JobHandler>;
  backoff?: Record<string, BackoffPolicy>;
  leaseMs?: number;
  /** Longest sleep between polls, so that jobs enqueued by another process are noticed. */
  maxIdleMs?: number;
  concurrency?: number;
  random?: () => number;
  onError?: (job: OutboxJob, error: unknown) => void;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private active = 0;

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.active > 0 || this.running) await new Promise((r) => setTimeout(r, 5));
  }

  /** Runs due jobs now (call after enqueuing, so nothing waits for the next poll). */
  wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), 0);
  }

  /** One pass: claim and run everything due; exposed for tests. */
  async tick(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let ran = 0;
    try {
      for (;;) {
        const room = (this.options.concurrency ?? 8) - this.active;
        if (room <= 0) break;
        const jobs = claimJobs(this.options.store.db, Object.keys(this.options.handlers), this.options.clock.now(), this.options.leaseMs ?? 60_000, room);
        if (jobs.length === 0) break;
        ran += jobs.length;
        await Promise.all(jobs.map((job) => this.run(job)));
      }
    } finally {
      this.running = false;
      this.sleep();
    }
    return ran;
  }

  private async run(job: OutboxJob): Promise<void> {
    this.active++;
    const db = this.options.store.db;
    try {
      await this.options.handlers[job.kind]!(job);
      completeJob(db, job.id, this.options.clock.now());
    } catch (error) {
      this.options.onError?.(job, error);
      const now = this.options.clock.now();
      const delay = error instanceof RetryAt
        ? error.at.getTime() - now.getTime()
        : retryDelay(this.options.backoff?.[job.kind] ?? DEFAULT_BACKOFF, job.attempts, this.options.random);
      failJob(db, job.id, error instanceof Error ? error.message : String(error), delay === null ? null : new Date(now.getTime() + Math.max(0, delay)), now);
    } finally {
      this.active--;
    }
  }

  private sleep(): void {
    if (this.stopped) return;
    const due = nextDueAt(this.options.store.db, Object.keys(this.options.handlers));
    const maxIdle = this.options.maxIdleMs ?? 1_000;
    const wait = due === undefined ? maxIdle : Math.min(maxIdle, Math.max(0, Date.parse(due) - this.options.clock.now().getTime()));
    this.timer = setTimeout(() => void this.tick(), wait);
    this.timer.unref();
  }
}
