/**
 * Restores a backup into the database a running server holds open (Settings → Backups; POST /backups/…/
 * restore). Swapping the file under the server would leave it writing to the replaced file's inode
 * (restore.ts is for a stopped server), so the rows are replaced instead, through the server's own
 * connection, in one SQLite transaction (store/snapshot.ts replaceContents):
 *   1. the file is checked and copied beside the database as `.restoring` (the source is never modified),
 *      migrated to this version if it is older, and checked again;
 *   2. work that reads rows, waits on the network and writes back (the outbox) is paused, so nothing of the
 *      replaced database is written into the restored one afterwards;
 *   3. the current database is kept as backups/facturador-before-restore-<ts>.db (an online copy);
 *   4. every table's rows are replaced in one transaction — a crash leaves the old rows or the new ones;
 *   5. the outbox resumes (jobs the backup had `running` go again at once).
 * This machine's sign-ins (`KEPT_TABLES`) are not part of what a restore brings back. docs/backup.md
 */
import { basename, join, resolve } from 'node:path';
import { readdirSync, rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { DATABASE_FILE, openStore } from '../store/database.ts';
import { privateDir } from '../private-files.ts';
import { copyDatabase, replaceContents } from '../store/snapshot.ts';
import { backupPath, backupsDir } from './backup-files.ts';
import { BackupRejected, checkFacturadorDatabase } from './check-database.ts';
import { copyThroughSqlite, removeWithJournals } from './restore.ts';

/**
 * Tables that belong to this machine rather than to the data, kept as they are: the migrations (the same
 * on both sides), `facturador login-url` tokens and the browser sign-ins — except sign-ins whose key the
 * backup does not have, which end (the screens then sign in again with the link the restore answers).
 */
export const KEPT_TABLES = ['__drizzle_migrations', 'login_tokens', 'browser_sessions'] as const;

export interface LiveDatabase {
  /** The server's own connection. */
  client: Database.Database;
  dataDir: string;
  now: Date;
  /** Pauses the work that must not straddle the swap; resolves with the function that resumes it. */
  pause(): Promise<() => void>;
}

export interface LiveRestoreResult {
  /** Name of the copy of the replaced database in the backups folder. */
  keptAs: string;
  /** Migrations the restored file had, and this version's (the difference was applied before the swap). */
  migrations: number;
  known: number;
  /** Rows restored. */
  rows: number;
}

/** Brings an older backup to this version's schema: migrate() leaves a `.before-<tag>` copy, not needed here. */
function migrateCopy(file: string): void {
  openStore(file).close();
  const dir = resolve(file, '..');
  for (const name of readdirSync(dir)) if (name.startsWith(`${basename(file)}.before-`)) rmSync(join(dir, name), { force: true });
}

/** A step that failed before anything changed, as the refusal the caller shows (server-messages `backup_failed`). */
const notRestored = (error: unknown) => new BackupRejected(`the backup could not be restored (${(error as Error).message}); nothing changed`);

export async function restoreLive(file: string, target: LiveDatabase): Promise<LiveRestoreResult> {
  const source = resolve(file);
  const checked = checkFacturadorDatabase(source);
  const incoming = join(resolve(target.dataDir), `${DATABASE_FILE}.restoring`);
  removeWithJournals(incoming);
  try {
    await copyThroughSqlite(source, incoming, true);
    if (checked.migrations < checked.known) {
      try {
        migrateCopy(incoming);
      } catch (error) {
        // A copy that this version cannot bring up to date is refused like any other unusable file.
        throw notRestored(error);
      }
    }
    try {
      checkFacturadorDatabase(incoming, { exact: true });
    } catch (error) {
      // Named as the caller named the file, not by the working copy's path in the data directory.
      throw error instanceof BackupRejected ? new BackupRejected(error.message.split(incoming).join(source)) : error;
    }
    const resume = await target.pause();
    try {
      const dir = backupsDir(target.dataDir);
      privateDir(dir);
      const keptAs = backupPath(dir, 'before-restore', target.now);
      await copyDatabase(target.client, keptAs);
      let rows: number;
      try {
        rows = replaceContents(target.client, incoming, KEPT_TABLES);
      } catch (error) {
        // Rolled back: nothing changed. Say why in the user's terms rather than SQLite's.
        throw notRestored(error);
      }
      return { keptAs: basename(keptAs), migrations: checked.migrations, known: checked.known, rows };
    } finally {
      resume();
    }
  } finally {
    removeWithJournals(incoming);
  }
}
