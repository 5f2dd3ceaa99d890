/**
 * Work a process holds on a shared PostgreSQL database (docs/postgresql.md, "Work a dead process leaves
 * behind"): two stores on one throw-away database stand for two `serve` processes. What one of them holds —
 * an idempotency claim, a leased outbox job — survives the other's start-up releases while it lives, and is
 * released by them as soon as its connection is gone (as after kill -9), without waiting for the lease.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/database.ts';
import { claimIdempotencyKey, completeIdempotencyKey, releaseAbandonedClaims } from '../../src/store/idempotency.ts';
import { enqueueJob } from '../../src/store/outbox.ts';
import { claimJobs, completeJob, releaseLeases } from '../../src/store/outbox-jobs.ts';
import { throwawayDatabase, type ThrowawayDatabase } from '../helpers/postgres.ts';

let database: ThrowawayDatabase;
let first: Store;
let second: Store;
const now = new Date('2026-11-27T10:00:00Z');
const LEASE_MS = 60_000;

beforeEach(() => {
  database = throwawayDatabase();
  first = openStore(database.url);
  second = openStore(database.url);
});

afterEach(() => {
  for (const store of [first, second]) store.close();
  database.drop();
});

const claimState = (store: Store, key: string) => store.db.$client.prepare('SELECT state FROM idempotency_keys WHERE key = ?').pluck().get(key);
const jobStatus = (store: Store, id: number) => store.db.$client.prepare('SELECT status FROM outbox_jobs WHERE id = ?').pluck().get(id);

describe('several processes on one PostgreSQL: what a dead one leaves behind', () => {
  it("leaves a live process's idempotency claim alone and releases a dead one's at once", () => {
    expect(claimIdempotencyKey(first.db, 'key-1', 'order-1', 'hash', now)).toBeUndefined();
    expect(releaseAbandonedClaims(second.db)).toBe(0);
    expect(claimState(second, 'order-1')).toBe('running');
    // The other process sees the claim: a retry there is told it is in progress.
    expect(claimIdempotencyKey(second.db, 'key-1', 'order-1', 'hash', now)?.state).toBe('running');
    expect(releaseAbandonedClaims(second.db)).toBe(0);

    first.close(); // its connection ends, as when the process is killed
    expect(releaseAbandonedClaims(second.db)).toBe(1);
    expect(claimIdempotencyKey(second.db, 'key-1', 'order-1', 'hash', now)).toBeUndefined();
    completeIdempotencyKey(second.db, 'key-1', 'order-1', 201, '{}');
    expect(claimState(second, 'order-1')).toBe('done');
    expect(releaseAbandonedClaims(second.db)).toBe(0);
    first = openStore(database.url); // for afterEach
  });

  it("leaves a live process's leased job alone and puts a dead one's back at once, before its lease ends", () => {
    const ids = [1, 2, 3].map((n) => enqueueJob(first.db, 'deliver_webhook', { n }, now));
    const claimed = first.transaction((db) => claimJobs(db, ['deliver_webhook'], now, LEASE_MS, 2));
    expect(claimed.map((j) => j.id)).toEqual(ids.slice(0, 2));
    // The other process claims only what is left (its claim skips rows the first holds).
    const theirs = second.transaction((db) => claimJobs(db, ['deliver_webhook'], now, LEASE_MS, 5));
    expect(theirs.map((j) => j.id)).toEqual([ids[2]]);
    expect(releaseLeases(second.db, now)).toBe(0);
    first.transaction((db) => completeJob(db, ids[0]!, now));
    expect(releaseLeases(second.db, now)).toBe(0);
    expect(jobStatus(second, ids[1]!)).toBe('running');

    first.close();
    expect(releaseLeases(second.db, now)).toBe(1); // the second job, a minute before its lease would end
    expect(jobStatus(second, ids[1]!)).toBe('pending');
    expect(jobStatus(second, ids[0]!)).toBe('done');
    expect(jobStatus(second, ids[2]!)).toBe('running'); // the live process's own
    expect(second.transaction((db) => claimJobs(db, ['deliver_webhook'], now, LEASE_MS, 5)).map((j) => j.id)).toEqual([ids[1]]);
    first = openStore(database.url);
  });
});
