/**
 * Leases of a process that died: `releaseLeases` puts its `running` jobs back at once (and nothing else),
 * and `serve` calls it before its worker starts, so a restart after kill -9 does not wait out the
 * 60-second leases of the jobs the dead process held.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openStore, type Store } from '../../../src/store/database.ts';
import { enqueueJob } from '../../../src/store/outbox.ts';
import { claimJobs, completeJob, releaseLeases } from '../../../src/store/outbox-jobs.ts';
import { startServer } from '../../../src/server.ts';
import { DELIVER_WEBHOOK_JOB } from '../../../src/webhooks/dispatch.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-leases-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const row = (store: Store, id: number) =>
  store.db.$client.prepare('SELECT status, attempts, run_at, lease_until FROM outbox_jobs WHERE id = ?').get(id) as { status: string; attempts: number; run_at: string; lease_until: string | null };

describe('releaseLeases', () => {
  it('makes the jobs a dead process left running claimable now, keeping their attempts; other jobs stay as they are', () => {
    const store = openStore(join(tempDir(), 'f.db'));
    const now = new Date('2026-11-25T12:00:00Z');
    const held = enqueueJob(store.db, 'ping', {}, now);
    const finished = enqueueJob(store.db, 'ping', {}, now);
    const later = enqueueJob(store.db, 'ping', {}, now, new Date(now.getTime() + 3_600_000));
    expect(claimJobs(store.db, ['ping'], now, 60_000, 10).map((j) => j.id)).toEqual([held, finished]);
    completeJob(store.db, finished, now);
    // Within the lease nobody may take the held job again...
    expect(claimJobs(store.db, ['ping'], new Date(now.getTime() + 1_000), 60_000, 10)).toEqual([]);

    const restart = new Date(now.getTime() + 2_000);
    expect(releaseLeases(store.db, restart)).toBe(1);
    expect(row(store, held)).toMatchObject({ status: 'pending', attempts: 1, run_at: now.toISOString(), lease_until: null });
    expect(row(store, finished).status).toBe('done');
    expect(row(store, later)).toMatchObject({ status: 'pending', attempts: 0 });
    // ...but after a restart it goes at once, and is counted as its second attempt.
    expect(claimJobs(store.db, ['ping'], restart, 60_000, 10).map((j) => ({ id: j.id, attempts: j.attempts }))).toEqual([{ id: held, attempts: 2 }]);
    expect(releaseLeases(store.db, restart)).toBe(1);
    expect(releaseLeases(store.db, restart)).toBe(0);
    store.close();
  });
});

describe('serve', () => {
  it('runs a job left running by a killed process at start-up, not when its lease expires', async () => {
    const dataDir = tempDir();
    const store = openStore(join(dataDir, DATABASE_FILE));
    const now = new Date();
    // A delivery whose attempt row is gone: the handler has nothing to do and the job completes.
    const id = enqueueJob(store.db, DELIVER_WEBHOOK_JOB, { delivery_id: 987654 }, now);
    expect(claimJobs(store.db, [DELIVER_WEBHOOK_JOB], now, 60_000, 1)).toHaveLength(1);
    store.close(); // the "dead" process: its job stays running with a 60 s lease

    const server = await startServer({ port: '0', host: '127.0.0.1', dataDir }, { masterKey: Buffer.alloc(32, 7), logger: pino({ level: 'silent' }), delivery: true });
    try {
      const status = () => (server.core.store.db.$client.prepare('SELECT status FROM outbox_jobs WHERE id = ?').get(id) as { status: string }).status;
      const deadline = Date.now() + 10_000;
      while (status() !== 'done' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(status()).toBe('done');
      expect(Date.now()).toBeLessThan(now.getTime() + 30_000);
    } finally {
      await server.close();
    }
  });
});
