/** The durable outbox over a real SQLite file: exactly-once runs, retries with backoff, leases, restarts. */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/database.ts';
import { enqueueJob } from '../../../src/store/outbox.ts';
import { claimJobs } from '../../../src/store/outbox-jobs.ts';
import { OutboxWorker, RetryAt } from '../../../src/outbox/worker.ts';
import { retryDelay } from '../../../src/outbox/backoff.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';

const temp = tempDirs();

let file: string;
let store: Store;
let now: Date;
const clock = { now: () => now };

const status = (id: number) => store.db.$client.prepare('SELECT status, attempts, run_at, last_error FROM outbox_jobs WHERE id = ?').get(id) as { status: string; attempts: number; run_at: string; last_error: string | null };

beforeEach(() => {
  file = join(temp('outbox-'), 'f.db');
  store = openStore(file);
  now = new Date('2026-11-25T12:00:00Z');
});

describe('OutboxWorker', () => {
  it('runs each due job once and marks it done; jobs not yet due wait', async () => {
    const seen: unknown[] = [];
    const a = enqueueJob(store.db, 'ping', { n: 1 }, now);
    const later = enqueueJob(store.db, 'ping', { n: 2 }, now, new Date(now.getTime() + 60_000));
    const worker = new OutboxWorker({ store, clock, handlers: { ping: async (job) => void seen.push(job.payload) } });
    expect(await worker.tick()).toBe(1);
    expect(await worker.tick()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect(status(a).status).toBe('done');
    expect(status(later).status).toBe('pending');
    now = new Date(now.getTime() + 61_000);
    expect(await worker.tick()).toBe(1);
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('retries a failing job with capped exponential backoff and jitter, then succeeds', async () => {
    let calls = 0;
    const id = enqueueJob(store.db, 'flaky', {}, now);
    const worker = new OutboxWorker({
      store, clock, random: () => 1,
      backoff: { flaky: { baseMs: 1_000, capMs: 4_000 } },
      handlers: { flaky: async () => { if (++calls < 4) throw new Error(`down ${calls}`); } },
    });
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      await worker.tick();
      const s = status(id);
      expect(s.status).toBe('pending');
      delays.push(Date.parse(s.run_at) - now.getTime());
      now = new Date(Date.parse(s.run_at));
    }
    expect(delays).toEqual([1_000, 2_000, 4_000]);
    expect(status(id).last_error).toBe('down 3');
    await worker.tick();
    expect(status(id)).toMatchObject({ status: 'done', attempts: 4 });
  });

  it('fails a job for good after its maximum attempts, and honours RetryAt', async () => {
    const id = enqueueJob(store.db, 'doomed', {}, now);
    const at = enqueueJob(store.db, 'later', {}, now);
    const worker = new OutboxWorker({
      store, clock,
      backoff: { doomed: { baseMs: 10, capMs: 10, maxAttempts: 2 } },
      handlers: { doomed: async () => { throw new Error('no'); }, later: async () => { throw new RetryAt(new Date(now.getTime() + 30_000)); } },
    });
    await worker.tick();
    expect(status(at).run_at).toBe(new Date(now.getTime() + 30_000).toISOString());
    now = new Date(now.getTime() + 20);
    await worker.tick();
    expect(status(id).status).toBe('failed');
  });

  it('claims a running job again once its lease expired (its worker died), never before', async () => {
    const id = enqueueJob(store.db, 'work', {}, now);
    expect(claimJobs(store.db, ['work'], now, 10_000, 5)).toHaveLength(1); // a worker claims it and dies
    const seen: number[] = [];
    const worker = new OutboxWorker({ store, clock, leaseMs: 10_000, handlers: { work: async (job) => void seen.push(job.attempts) } });
    expect(await worker.tick()).toBe(0);
    now = new Date(now.getTime() + 10_001);
    expect(await worker.tick()).toBe(1);
    expect(seen).toEqual([2]);
    expect(status(id).status).toBe('done');
  });

  it('picks pending jobs up after a restart of the process', async () => {
    const id = enqueueJob(store.db, 'work', { keep: true }, now);
    store.close();
    store = openStore(file);
    const seen: unknown[] = [];
    const worker = new OutboxWorker({ store, clock, handlers: { work: async (job) => void seen.push(job.payload) } });
    await worker.tick();
    expect(seen).toEqual([{ keep: true }]);
    expect(status(id).status).toBe('done');
  });

  it('starts, runs what is enqueued after a wake, and stops cleanly', async () => {
    const seen: number[] = [];
    const worker = new OutboxWorker({ store, clock: { now: () => new Date() }, maxIdleMs: 20, handlers: { ping: async (job) => void seen.push(job.id) } });
    worker.start();
    const id = enqueueJob(store.db, 'ping', {}, new Date());
    worker.wake();
    for (let i = 0; i < 100 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    expect(seen).toEqual([id]);
  });
});

describe('OutboxWorker commits', () => {
  const notes = () => store.db.$client.prepare('SELECT note FROM notes ORDER BY note').all().map((r) => (r as { note: string }).note);
  beforeEach(() => store.db.$client.exec('CREATE TABLE notes (note TEXT NOT NULL UNIQUE)'));
  const note = (text: string) => () => void store.db.$client.prepare('INSERT INTO notes (note) VALUES (?)').run(text);

  it('writes each handler\'s state change together with its completion, and a failing one alone rolls back and retries', async () => {
    const ok = enqueueJob(store.db, 'work', { note: 'a' }, now);
    const clash = enqueueJob(store.db, 'work', { note: 'a' }, now); // the same note again: UNIQUE refuses its commit
    const other = enqueueJob(store.db, 'work', { note: 'b' }, now);
    const worker = new OutboxWorker({ store, clock, handlers: { work: async (job) => note(String(job.payload['note'])) } });
    expect(await worker.tick()).toBe(3);
    expect(notes()).toEqual(['a', 'b']);
    expect([status(ok).status, status(other).status]).toEqual(['done', 'done']);
    expect(status(clash)).toMatchObject({ status: 'pending', last_error: expect.stringContaining('UNIQUE') });
  });

  it('commits the state change that comes with a RetryAt', async () => {
    const id = enqueueJob(store.db, 'later', {}, now);
    const worker = new OutboxWorker({ store, clock, handlers: { later: async () => { throw new RetryAt(new Date(now.getTime() + 5_000), 'offline', note('queued')); } } });
    await worker.tick();
    expect(notes()).toEqual(['queued']);
    expect(status(id)).toMatchObject({ status: 'pending', run_at: new Date(now.getTime() + 5_000).toISOString() });
  });

  it('returns the connection to full durability after a relaxed commit', () => {
    store.relaxedTransaction(() => expect(store.db.$client.pragma('synchronous', { simple: true })).toBe(1));
    expect(store.db.$client.pragma('synchronous', { simple: true })).toBe(2);
    expect(() => store.relaxedTransaction(() => { throw new Error('boom'); })).toThrow('boom');
    expect(store.db.$client.pragma('synchronous', { simple: true })).toBe(2);
  });
});

describe('retryDelay', () => {
  it('grows exponentially up to the cap, with jitter between half and all of the step', () => {
    const policy = { baseMs: 1_000, capMs: 8_000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(policy, n, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000]);
    expect(retryDelay(policy, 3, () => 0)).toBe(2_000);
    expect(retryDelay({ ...policy, maxAttempts: 3 }, 3)).toBeNull();
  });
});
