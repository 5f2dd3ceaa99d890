/**
 * The outbox worker: claims due jobs with a lease, runs their handlers, completes them or schedules a retry
 * with backoff. Jobs survive restarts (they are rows); a job whose worker crashed is claimed again when its
 * lease expires. Handlers must be idempotent: a job may run again after a crash at the wrong moment.
 *
 * Throughput comes from group commit: a handler does its network work and hands back the state change it
 * wants (`commit`) instead of writing it; every job that settled during one turn of the event loop is then
 * finished in ONE transaction (its state change, done/retry, and the claim of the next jobs to fill the free
 * slots), so a backlog of thousands costs one fsync per turn rather than three per job. Slots refill as soon
 * as any job settles; nobody waits for the slowest job of a batch.
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { claimJobs, completeJob, failJob, nextDueAt, type OutboxJob } from '../store/outbox-jobs.ts';
import { DEFAULT_BACKOFF, retryDelay, type BackoffPolicy } from './backoff.ts';

/** Writes a handler wants committed together with its job's completion (runs inside the worker's transaction). */
export type Commit = () => void;

/** A handler resolves with nothing, or with the state change to commit as the job completes. */
export type JobHandler = (job: OutboxJob) => Promise<Commit | void>;

/** Thrown by a handler to ask for a retry at a given time instead of the backoff's, committing `commit` meanwhile. */
export class RetryAt extends Error {
  constructor(readonly at: Date, message = 'retry requested', readonly commit?: Commit) {
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

/** How long finished jobs wait for others to finish too before their commit, while jobs are running. */
const COMMIT_WINDOW_MS = 3;

type Settled = { job: OutboxJob; ok: true; commit: Commit | void } | { job: OutboxJob; ok: false; error: unknown };

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private pumpScheduled = false;
  private stopped = true;
  private inFlight = 0;
  private settled: Settled[] = [];
  private started = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    this.stopped = false;
    this.schedulePump();
  }

  /** Whether it claims jobs (started and not stopped). */
  get running(): boolean {
    return !this.stopped;
  }

  /** Lets running jobs finish and records their outcome; claims nothing more. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.inFlight > 0 || this.settled.length > 0 || this.pumpScheduled) await new Promise((r) => setTimeout(r, 5));
  }

  /** Runs due jobs now (call after enqueuing, so nothing waits for the next poll). */
  wake(): void {
    if (!this.stopped) this.schedulePump();
  }

  /** Runs everything due until nothing is left and resolves with how many jobs ran; for tests. */
  async tick(): Promise<number> {
    const before = this.started;
    const idle = new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    this.schedulePump(true);
    await idle;
    return this.started - before;
  }

  private schedulePump(evenWhenStopped = false): void {
    if (this.pumpScheduled || (this.stopped && !evenWhenStopped && this.settled.length === 0)) return;
    this.pumpScheduled = true;
    clearTimeout(this.timer);
    // With answers still on their way, wait a moment so that they share the commit (one fsync for many).
    if (this.inFlight > 0) setTimeout(() => this.pump(evenWhenStopped), COMMIT_WINDOW_MS);
    else setImmediate(() => this.pump(evenWhenStopped));
  }

  /** One transaction: finish what settled, claim jobs for the free slots; then start them. */
  private pump(evenWhenStopped: boolean): void {
    this.pumpScheduled = false;
    const settled = this.settled.splice(0);
    const claiming = !this.stopped || evenWhenStopped;
    const room = claiming ? (this.options.concurrency ?? 8) - this.inFlight : 0;
    let claimed: OutboxJob[] = [];
    try {
      // Relaxed durability: a power cut can undo only this bookkeeping, and every handler redoes it idempotently.
      claimed = this.options.store.relaxedTransaction((db) => {
        for (const s of settled) this.finish(s);
        const now = this.options.clock.now();
        return room > 0 ? claimJobs(db, Object.keys(this.options.handlers), now, this.options.leaseMs ?? 60_000, room) : [];
      });
    } catch (error) {
      // The store refused (disk full, locked too long): the jobs stay `running` and are claimed again when
      // their leases expire; their handlers are idempotent.
      for (const s of settled) this.options.onError?.(s.job, error);
    }
    for (const job of claimed) this.run(job);
    // Fewer due jobs than free slots: the queue is dry for now (the claim saw every job the commits made due).
    if (claimed.length < room || !claiming) this.dry();
  }

  private run(job: OutboxJob): void {
    this.inFlight++;
    this.started++;
    const settle = (s: Settled): void => {
      this.inFlight--;
      this.settled.push(s);
      this.schedulePump(this.idleWaiters.length > 0);
    };
    let pending: Promise<Commit | void>;
    try {
      pending = this.options.handlers[job.kind]!(job);
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then((commit) => settle({ job, ok: true, commit }), (error: unknown) => settle({ job, ok: false, error }));
  }

  /** Inside the pump's transaction: the handler's state change and the job's completion or retry, together. */
  private finish(s: Settled): void {
    const db = this.options.store.db;
    const now = this.options.clock.now();
    const commit = s.ok ? s.commit : s.error instanceof RetryAt ? s.error.commit : undefined;
    try {
      // A nested transaction is a savepoint: a state change that throws is undone alone and the job retried.
      if (commit) this.options.store.transaction(() => commit());
    } catch (error) {
      return this.retry(s.job, error, now);
    }
    if (s.ok) completeJob(db, s.job.id, now);
    else this.retry(s.job, s.error, now);
  }

  private retry(job: OutboxJob, error: unknown, now: Date): void {
    this.options.onError?.(job, error);
    const delay = error instanceof RetryAt
      ? error.at.getTime() - now.getTime()
      : retryDelay(this.options.backoff?.[job.kind] ?? DEFAULT_BACKOFF, job.attempts, this.options.random);
    failJob(this.options.store.db, job.id, error instanceof Error ? error.message : String(error), delay === null ? null : new Date(now.getTime() + Math.max(0, delay)), now);
  }

  /** No more due jobs: wake `tick()` callers once nothing runs, and sleep until the next job falls due. */
  private dry(): void {
    if (this.inFlight === 0 && this.settled.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    if (this.stopped) return;
    const due = nextDueAt(this.options.store.db, Object.keys(this.options.handlers));
    const maxIdle = this.options.maxIdleMs ?? 1_000;
    const wait = due === undefined ? maxIdle : Math.min(maxIdle, Math.max(0, Date.parse(due) - this.options.clock.now().getTime()));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.schedulePump(), wait);
    this.timer.unref();
  }
}
