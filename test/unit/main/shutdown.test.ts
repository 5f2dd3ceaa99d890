import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Server } from '../../../src/server.ts';
import { OutboxWorker } from '../../../src/outbox/worker.ts';
import { enqueueJob } from '../../../src/store/outbox.ts';
import { DATABASE_FILE } from '../../../src/store/database.ts';
import { shutdown, shutdownStepsOf, type ShutdownSteps } from '../../../main/shutdown.ts';
import { startDesktopServer, tempDir } from './server-fixture.ts';

const SLOW_JOB = 'test.slow';

/** A real core whose outbox runs one job that takes `ms` (or until released), recording what happens. */
async function serverWithSlowJob(dataDir: string, events: string[], ms: number | 'forever') {
  const server = await startDesktopServer(dataDir);
  let release = () => {};
  let started!: () => void;
  const jobStarted = new Promise<void>((resolve) => (started = resolve));
  server.core.outbox = new OutboxWorker({
    store: server.core.store,
    clock: server.core.clock,
    handlers: {
      [SLOW_JOB]: async () => {
        events.push('job started');
        started();
        await new Promise<void>((resolve) => {
          release = resolve;
          if (ms !== 'forever') setTimeout(resolve, ms);
        });
        // Runs inside the worker's transaction, as the job completes: the store must still be open.
        return () => {
          events.push('job committed');
        };
      },
    },
  });
  const closeStore = server.core.store.close.bind(server.core.store);
  server.core.store.close = () => {
    events.push('store closed');
    closeStore();
  };
  const jobId = enqueueJob(server.core.store.db, SLOW_JOB, {}, server.core.clock.now());
  server.core.outbox.start();
  await jobStarted;
  return { server, jobId, release: () => release() };
}

function recorded(steps: ShutdownSteps, events: string[]): ShutdownSteps {
  return {
    stopAccepting: async () => {
      await steps.stopAccepting();
      events.push('stopped accepting');
    },
    drainJobs: async () => {
      await steps.drainJobs();
      events.push('jobs drained');
    },
    closeAll: async () => {
      await steps.closeAll();
      events.push('closed');
    },
  };
}

describe('main/shutdown: graceful quit of the desktop app', () => {
  let data: ReturnType<typeof tempDir>;
  beforeEach(() => {
    data = tempDir();
  });
  let server: Server | undefined;
  afterEach(() => data.remove());

  it('stops accepting requests, lets the in-flight job finish, then closes the store', async () => {
    const events: string[] = [];
    const slow = await serverWithSlowJob(data.dir, events, 300);
    server = slow.server;
    const url = server.url;
    const result = await shutdown(recorded(shutdownStepsOf(server), events), { timeoutMs: 5_000 });
    expect(result).toEqual({ timedOut: false, closed: true });
    expect(events).toEqual(['job started', 'stopped accepting', 'job committed', 'jobs drained', 'store closed', 'closed']);
    // The server no longer answers, and the job's completion was committed.
    await expect(fetch(`${url}/api/v1/status`)).rejects.toThrow();
    const db = new Database(join(data.dir, DATABASE_FILE), { readonly: true });
    expect(db.prepare('SELECT status FROM outbox_jobs WHERE id = ?').get(slow.jobId)).toEqual({ status: 'done' });
    db.close();
  });

  it('gives up waiting after the timeout instead of hanging the quit', async () => {
    const events: string[] = [];
    const slow = await serverWithSlowJob(data.dir, events, 'forever');
    server = slow.server;
    const logs: string[] = [];
    const began = Date.now();
    const result = await shutdown(shutdownStepsOf(server), { timeoutMs: 200, closeTimeoutMs: 200, log: (m) => logs.push(m) });
    expect(Date.now() - began).toBeLessThan(2_000);
    expect(result).toEqual({ timedOut: true, closed: false });
    expect(logs.join('\n')).toMatch(/resumes at the next start/);
    // The job still runs: nothing was closed under it. Let it end, and the deferred close completes.
    expect(events).toEqual(['job started']);
    slow.release();
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual(['job started', 'job committed', 'store closed']);
  });
});
