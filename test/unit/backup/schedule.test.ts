/**
 * Retention and the daily schedule, on an injected clock and injected timers: only automatic backups past
 * 30 days are deleted; the first backup comes shortly after start when the newest automatic one is older
 * than a day, else a day after it; each run schedules the next; a failure is logged and retried in an hour.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupsDir, listBackups, pruneAutomaticBackups } from '../../../src/backup/backup-files.ts';
import { DAY_MS, FIRST_DELAY_MS, RETRY_MS, startBackupSchedule, type Timers } from '../../../src/backup/schedule.ts';
import { openStore } from '../../../src/store/database.ts';
import { tempDataDir, type TempData } from './helpers.ts';

let data: TempData;
afterEach(() => data?.cleanup());

function files(dir: string, names: string[]): void {
  mkdirSync(dir, { recursive: true });
  for (const name of names) writeFileSync(join(dir, name), 'x');
}

/** Timers that fire only when the test says so. */
function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  const timers: Timers = { set: (fn, ms) => pending.push({ fn, ms }), clear: () => pending.splice(0) };
  return { timers, pending, fire: () => pending.shift()!.fn() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('pruneAutomaticBackups', () => {
  it('deletes only automatic backups older than 30 days', () => {
    data = tempDataDir();
    const dir = backupsDir(data.dataDir);
    files(dir, [
      'facturador-auto-20251220-030000.db', // 37 days old: deleted
      'facturador-auto-20251227-020000.db', // 30 days and a little: deleted
      'facturador-auto-20251228-030000.db', // 29 days: kept
      'facturador-20251101-090000.db', // manual: kept
      'facturador-before-restore-20251101-090000.db', // kept by a restore: kept
      'facturador-auto-20251101-090000.db.partial', // not a backup: untouched
      'notes.txt',
    ]);
    const deleted = pruneAutomaticBackups(dir, new Date('2026-01-26T03:00:00Z'));
    expect(deleted.sort()).toEqual(['facturador-auto-20251220-030000.db', 'facturador-auto-20251227-020000.db']);
    expect(readdirSync(dir).sort()).toEqual([
      'facturador-20251101-090000.db', 'facturador-auto-20251101-090000.db.partial', 'facturador-auto-20251228-030000.db',
      'facturador-before-restore-20251101-090000.db', 'notes.txt',
    ]);
  });
});

describe('startBackupSchedule', () => {
  const logs: string[] = [];
  const log = { info: (m: string) => logs.push(m), error: (_d: object, m: string) => logs.push(`error: ${m}`) };

  it('backs up shortly after start when the last automatic backup is over a day old, then daily, pruning', async () => {
    data = tempDataDir();
    const dir = backupsDir(data.dataDir);
    files(dir, ['facturador-auto-20251201-000000.db', 'facturador-auto-20260125-000000.db']);
    const store = openStore(data.file);
    let now = new Date('2026-01-26T03:00:00Z');
    const { timers, pending, fire } = manualTimers();
    const schedule = startBackupSchedule({ db: store.db.$client, dataDir: data.dataDir, clock: { now: () => now }, log, timers });
    expect(pending.map((p) => p.ms)).toEqual([FIRST_DELAY_MS]);
    now = new Date('2026-01-26T03:01:00Z');
    fire();
    await settle();
    expect(readdirSync(dir).sort()).toEqual(['facturador-auto-20260125-000000.db', 'facturador-auto-20260126-030100.db']);
    expect(pending.map((p) => p.ms)).toEqual([DAY_MS]);
    expect(schedule.nextAt).toEqual(new Date(now.getTime() + DAY_MS));
    await schedule.stop();
    expect(pending).toEqual([]);
    expect(schedule.nextAt).toBeUndefined();
    store.close();
  });

  it('waits until a day after the newest automatic backup when that is recent', async () => {
    data = tempDataDir();
    files(backupsDir(data.dataDir), ['facturador-auto-20260126-000000.db', 'facturador-20260126-020000.db']);
    const { timers, pending } = manualTimers();
    const schedule = startBackupSchedule({ db: undefined as never, dataDir: data.dataDir, clock: { now: () => new Date('2026-01-26T06:00:00Z') }, log, timers });
    expect(pending.map((p) => p.ms)).toEqual([18 * 60 * 60 * 1000]); // the manual one does not count
    await schedule.stop();
  });

  it('logs a failure and tries again in an hour, without throwing', async () => {
    data = tempDataDir();
    const store = openStore(data.file);
    store.close(); // a closed handle: the copy fails
    const { timers, pending, fire } = manualTimers();
    const schedule = startBackupSchedule({ db: store.db.$client, dataDir: data.dataDir, clock: { now: () => new Date('2026-01-26T06:00:00Z') }, log, timers });
    fire();
    await settle();
    expect(logs.at(-1)).toMatch(/^error: backup: the automatic backup failed/);
    expect(pending.map((p) => p.ms)).toEqual([RETRY_MS]);
    await schedule.stop();
  });
});

describe('listBackups', () => {
  it('lists newest first, a second backup of the same second before the first', () => {
    data = tempDataDir();
    const dir = backupsDir(data.dataDir);
    files(dir, ['facturador-20260126-021327.db', 'facturador-20260126-021327-2.db', 'facturador-auto-20260125-000000.db', 'facturador-20260126-021327-10.db']);
    expect(listBackups(dir).map((b) => [b.name, b.kind])).toEqual([
      ['facturador-20260126-021327-10.db', 'manual'], ['facturador-20260126-021327-2.db', 'manual'],
      ['facturador-20260126-021327.db', 'manual'], ['facturador-auto-20260125-000000.db', 'automatic'],
    ]);
  });
});
