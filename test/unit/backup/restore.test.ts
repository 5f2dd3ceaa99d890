/**
 * restoreDatabase with real files: it replaces the database (keeping the old one), drops a stale WAL instead
 * of replaying it into the restored file, and refuses a file that is not a Facturador database, a damaged
 * one, one from a newer version, and any restore while a server runs on the data directory.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreDatabase } from '../../../src/backup/restore.ts';
import { takeBackup } from '../../../src/backup/take-backup.ts';
import { BackupRejected } from '../../../src/backup/check-database.ts';
import { listBackups, backupsDir } from '../../../src/backup/backup-files.ts';
import { removeServerLock, runningServer, writeServerLock } from '../../../src/backup/server-lock.ts';
import { probeLabels, seededStore, tempDataDir, type TempData } from './helpers.ts';

const now = new Date('2026-01-26T02:13:27Z');
let data: TempData;
afterEach(() => data?.cleanup());

/** A backup holding probe 'old', then the live database moved on to 'new'. */
async function backupThenChange(): Promise<string> {
  const store = seededStore(data.file, 'old');
  const entry = await takeBackup(store.db.$client, { dataDir: data.dataDir, now });
  store.db.$client.prepare("INSERT INTO probe (label) VALUES ('new')").run();
  store.close();
  return entry.path;
}

async function rejection(file: string): Promise<string> {
  const error = await restoreDatabase(file, { dataDir: data.dataDir, now }).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BackupRejected);
  return (error as Error).message;
}

describe('restoreDatabase', () => {
  it('replaces the database and keeps the one it replaced', async () => {
    data = tempDataDir();
    const backup = await backupThenChange();
    const result = await restoreDatabase(backup, { dataDir: data.dataDir, now: new Date('2026-01-27T08:00:00Z') });
    expect(probeLabels(data.file)).toEqual(['old']);
    expect(result.keptAs).toBe(join(backupsDir(data.dataDir), 'facturador-before-restore-20260127-080000.db'));
    expect(probeLabels(result.keptAs!)).toEqual(['old', 'new']);
    expect(listBackups(backupsDir(data.dataDir)).map((b) => b.kind).sort()).toEqual(['before-restore', 'manual']);
    expect(existsSync(`${data.file}.restoring`)).toBe(false);
  });

  it('never replays a stale WAL into the restored file', async () => {
    data = tempDataDir();
    const backup = await backupThenChange();
    // A connection left open keeps 'newer' in the WAL only (no checkpoint), as a crashed server would.
    const live = new Database(data.file);
    live.pragma('wal_autocheckpoint = 0');
    live.prepare("INSERT INTO probe (label) VALUES ('newer')").run();
    const wal = readFileSync(`${data.file}-wal`);
    live.close();
    writeFileSync(`${data.file}-wal`, wal); // the stale WAL a crash leaves behind
    const result = await restoreDatabase(backup, { dataDir: data.dataDir, now });
    expect(probeLabels(data.file)).toEqual(['old']);
    expect(probeLabels(result.keptAs!)).toEqual(['old', 'new', 'newer']);
    const db = new Database(data.file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('refuses an SQLite file that is not a Facturador database', async () => {
    data = tempDataDir();
    const other = join(data.dataDir, 'other.db');
    const db = new Database(other);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    expect(await rejection(other)).toMatch(/not a Facturador database/);
  });

  it('refuses a damaged file and a file that is not SQLite at all, leaving the database as it was', async () => {
    data = tempDataDir();
    const backup = await backupThenChange();
    const bytes = readFileSync(backup);
    bytes.fill(0x5a, 4096 * 2, 4096 * 6); // pages 3 to 6 overwritten
    const damaged = join(data.dataDir, 'damaged.db');
    writeFileSync(damaged, bytes);
    expect(await rejection(damaged)).toMatch(/damaged|not a readable SQLite database/);
    const text = join(data.dataDir, 'notes.txt');
    writeFileSync(text, 'not a database, just text long enough to be read as a header '.repeat(20));
    expect(await rejection(text)).toMatch(/not a readable SQLite database/);
    expect(await rejection(join(data.dataDir, 'missing.db'))).toMatch(/no such file/);
    expect(probeLabels(data.file)).toEqual(['old', 'new']);
  });

  it('refuses a database of a newer version of the app', async () => {
    data = tempDataDir();
    const backup = await backupThenChange();
    const db = new Database(backup);
    db.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', 99999999999999)").run();
    db.close();
    expect(await rejection(backup)).toMatch(/newer Facturador/);
  });

  it('refuses while a server runs on the data directory, and ignores the pid file of a dead one', async () => {
    data = tempDataDir();
    const backup = await backupThenChange();
    writeServerLock(data.dataDir, { pid: process.pid, url: 'http://127.0.0.1:8780' });
    expect(runningServer(data.dataDir)?.pid).toBe(process.pid);
    expect(await rejection(backup)).toMatch(/server \(pid \d+, http:\/\/127.0.0.1:8780\) is running/);
    removeServerLock(data.dataDir, process.pid);
    writeServerLock(data.dataDir, { pid: 2 ** 22 + 12345 }); // above Linux's pid_max: never a live process
    await restoreDatabase(backup, { dataDir: data.dataDir, now });
    expect(probeLabels(data.file)).toEqual(['old']);
  });
});
