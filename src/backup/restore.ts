/**
 * Restores a backup in place of a data directory's database, with no server running on it (the running
 * core holds the database open, so this is a CLI / desktop-shell operation done between a stop and a
 * start, never an API call). Order matters, so that a crash at any step leaves a database that opens:
 *   1. check the file (check-database.ts) and copy it, through SQLite, beside the database as `.restoring`,
 *      then check the copy: whatever the source's WAL held is in it, and the source is never modified;
 *   2. keep the current database as backups/facturador-before-restore-<ts>.db (an online copy, WAL included),
 *      then checkpoint and close it, so its `-wal` holds nothing;
 *   3. delete `-wal` and `-shm` before the rename: a stale WAL beside the new file would be replayed into it
 *      by the next open and corrupt it;
 *   4. rename `.restoring` over `facturador.db` (atomic on one file system) and sync the directory.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATABASE_FILE } from '../store/database.ts';
import { privateDir } from '../private-files.ts';
import { checkpointAndClose, copyDatabase, openForCopy } from '../store/snapshot.ts';
import { backupPath, backupsDir } from './backup-files.ts';
import { BackupRejected, checkFacturadorDatabase } from './check-database.ts';
import { runningServer } from './server-lock.ts';

export interface RestoreResult {
  /** The file restored from. */
  source: string;
  /** The database it now is. */
  database: string;
  /** Where the database it replaced was kept (absent when the data directory had none). */
  keptAs?: string;
  /** Migrations the restored file has; the next start applies the rest (`known`). */
  migrations: number;
  known: number;
}

/** Removes a database file and the journals SQLite may have left beside it. */
export function removeWithJournals(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}

/** Copies a database file through SQLite (its WAL included), never writing to the source when `readonly`. */
export async function copyThroughSqlite(from: string, to: string, readonly: boolean): Promise<void> {
  const client = openForCopy(from, readonly);
  try {
    await copyDatabase(client, to);
  } finally {
    client.close();
  }
}

/** Makes a rename durable: on POSIX the directory entry itself must reach the disk (not possible on Windows). */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a directory; NTFS journals the rename itself.
  }
}

export async function restoreDatabase(file: string, options: { dataDir: string; now: Date }): Promise<RestoreResult> {
  const source = resolve(file);
  const dataDir = resolve(options.dataDir);
  const database = join(dataDir, DATABASE_FILE);
  if (source === database) throw new BackupRejected(`${source} is the current database itself`);
  const server = runningServer(dataDir);
  if (server) throw new BackupRejected(`a Facturador server (pid ${server.pid}${server.url ? `, ${server.url}` : ''}) is running on ${dataDir}: stop it first`);
  const checked = checkFacturadorDatabase(source);

  privateDir(dataDir);
  const incoming = `${database}.restoring`;
  removeWithJournals(incoming);
  let keptAs: string | undefined;
  try {
    await copyThroughSqlite(source, incoming, true);
    checkFacturadorDatabase(incoming);
    if (existsSync(database)) {
      const dir = backupsDir(dataDir);
      privateDir(dir);
      keptAs = backupPath(dir, 'before-restore', options.now);
      const current = openForCopy(database, false);
      try {
        await copyDatabase(current, keptAs);
      } finally {
        checkpointAndClose(current);
      }
    }
    rmSync(`${database}-wal`, { force: true });
    rmSync(`${database}-shm`, { force: true });
    renameSync(incoming, database);
    syncDirectory(dataDir);
  } finally {
    removeWithJournals(incoming);
  }
  return { source, database, keptAs, ...checked };
}
