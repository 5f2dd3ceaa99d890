/**
 * backup/restore-backup.ts on a real database and a real outbox worker: a restore brings the backup's rows
 * back with the outbox paused (jobs the backup held `running` due again once it resumes) and drops the
 * caches of the replaced rows; a damaged file is refused as the caller names it, leaving the database, the
 * outbox and the caches as they were; and a second restore while one runs is refused.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreBackup, type RestoreDependencies } from '../../../src/backup/restore-backup.ts';
import { takeBackup } from '../../../src/backup/take-backup.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { OutboxWorker } from '../../../src/outbox/worker.ts';
import type { Store } from '../../../src/store/database.ts';
import { probeLabels, seededStore, tempDataDir, type TempData } from './helpers.ts';

const clock = { now: () => new Date('2026-01-27T08:00:00Z') };
let data: TempData;
let store: Store | undefined;
let outbox: OutboxWorker | undefined;
afterEach(async () => {
  await outbox?.stop();
  store?.close();
  data?.cleanup();
});

interface Setup {
  deps: RestoreDependencies;
  backup: string;
  /** How often the token cache and the other caches were dropped. */
  resets: { tokens: number; caches: number };
  jobStatus(): string | undefined;
}

/** A backup holding probe 'old' and a job it saw `running`; then the live database moved on to 'new'. */
async function setUp(): Promise<Setup> {
  data = tempDataDir();
  store = seededStore(data.file, 'old');
  const at = clock.now().toISOString();
  store.db.$client.prepare("INSERT INTO outbox_jobs (kind, payload, status, run_at, attempts, created_at, updated_at) VALUES ('probe_job', '{}', 'running', ?, 1, ?, ?)").run(at, at, at);
  const entry = await takeBackup(store.db.$client, { dataDir: data.dataDir, now: new Date('2026-01-26T02:13:27Z') });
  store.db.$client.prepare("INSERT INTO probe (label) VALUES ('new')").run();
  store.db.$client.prepare("UPDATE outbox_jobs SET status = 'done'").run();
  outbox = new OutboxWorker({ store, clock, handlers: {} });
  outbox.start();
  const resets = { tokens: 0, caches: 0 };
  const live = store;
  return {
    deps: { store, clock, config: { dataDir: data.dataDir }, outbox, hacienda: { tokens: { reset: () => void resets.tokens++ } }, forgetCachedRows: () => void resets.caches++ },
    backup: entry.path,
    resets,
    jobStatus: () => (live.db.$client.prepare("SELECT status FROM outbox_jobs WHERE kind = 'probe_job'").get() as { status: string } | undefined)?.status,
  };
}

const labels = () => (store!.db.$client.prepare('SELECT label FROM probe ORDER BY id').all() as { label: string }[]).map((r) => r.label);

describe('restoreBackup', () => {
  it("brings the backup's rows back, keeps the replaced ones, resumes the outbox and drops the caches", async () => {
    const { deps, backup, resets, jobStatus } = await setUp();
    const result = await restoreBackup(deps, backup, 'the backup');
    expect(labels()).toEqual(['old']);
    expect(probeLabels(join(data.dataDir, 'backups', result.keptAs))).toEqual(['old', 'new']);
    expect(outbox!.running).toBe(true);
    expect(jobStatus()).toBe('pending'); // held `running` by the backup: no live worker owns it
    expect(resets).toEqual({ tokens: 1, caches: 1 });
  });

  it('leaves a stopped outbox stopped, and the jobs as the backup has them', async () => {
    const { deps, backup, jobStatus } = await setUp();
    await outbox!.stop();
    await restoreBackup(deps, backup, 'the backup');
    expect(outbox!.running).toBe(false);
    expect(jobStatus()).toBe('running');
  });

  it('refuses a damaged file as the caller names it, leaving database, outbox and caches as they were', async () => {
    const { deps, backup, resets, jobStatus } = await setUp();
    const bytes = readFileSync(backup);
    bytes.fill(0x5a, 4096 * 2, 4096 * 6);
    const damaged = join(data.dataDir, 'damaged.db');
    writeFileSync(damaged, bytes);
    const error = await restoreBackup(deps, damaged, 'copia.db').then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'backup_rejected', status: 422 });
    expect((error as Error).message).toContain('copia.db');
    expect((error as Error).message).not.toContain(damaged);
    expect(labels()).toEqual(['old', 'new']);
    expect(jobStatus()).toBe('done');
    expect(outbox!.running).toBe(true);
    expect(resets).toEqual({ tokens: 0, caches: 0 });
  });

  it('refuses a second restore of the same database while one runs, and allows one after', async () => {
    const { deps, backup } = await setUp();
    const first = restoreBackup(deps, backup, 'the backup');
    const second = await restoreBackup(deps, backup, 'the backup').then(() => undefined, (e: unknown) => e);
    expect(second).toMatchObject({ code: 'restore_in_progress', status: 409 });
    await first;
    await expect(restoreBackup(deps, backup, 'the backup')).resolves.toMatchObject({ rows: expect.any(Number) });
  });
});
