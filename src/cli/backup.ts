/**
 * Backup and restore from the command line (docs/backup.md):
 *   facturador backup [--out FILE] [--data-dir DIR]
 *     an online copy of the database (the server may be running), progress on stderr, the file on stdout;
 *     with DATABASE_URL, pg_dump's custom format into the same folder (backup/pg-dump.ts);
 *   facturador restore FILE [--data-dir DIR] [--yes]
 *     replaces the database with FILE once confirmed: a prompt on a terminal, `--yes` otherwise. Refuses
 *     while a server runs on the data directory; keeps the database it replaces. With DATABASE_URL it only
 *     explains pg_restore: a database other processes share is not overwritten from here.
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { isatty } from 'node:tty';
import { loadConfig } from '../config.ts';
import { systemClock, type Clock } from '../domain/clock.ts';
import { openStore, storeLocation } from '../store/database.ts';
import { BackupRejected } from '../backup/check-database.ts';
import { restoreDatabase } from '../backup/restore.ts';
import { takeBackup } from '../backup/take-backup.ts';
import { restoreWithPgRestore } from '../backup/pg-dump.ts';
import type { Output } from './output.ts';
import { progressBar, type ProgressStream } from './progress.ts';

/** Below this many pages (about 40 MB) a copy takes well under a second: no progress bar. */
const PROGRESS_FROM_PAGES = 10_000;

export interface BackupCommandOptions {
  out?: string;
  dataDir?: string;
  clock?: Clock;
  progress?: ProgressStream;
}

/** Turns the refusals of backup/ into exit 2 with the message on stderr, system errors into exit 1. */
async function reporting(out: Output, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BackupRejected) {
      out.error(error.message);
      return 2;
    }
    if (typeof (error as NodeJS.ErrnoException).code === 'string') {
      out.error((error as Error).message); // a full disk, no permission, SQLITE_BUSY: the system's words
      return 1;
    }
    throw error;
  }
}

export function backupCommand(options: BackupCommandOptions, out: Output): Promise<number> {
  return reporting(out, async () => {
    const config = loadConfig({ dataDir: options.dataDir });
    const dataDir = config.dataDir;
    // With DATABASE_URL the store is PostgreSQL's, and the backup is pg_dump's (backup/pg-dump.ts).
    const location = storeLocation(config);
    if (!config.databaseUrl && !existsSync(location)) throw new BackupRejected(`no database in ${dataDir} to back up`);
    // openStore, not a bare connection: a database of an older version is migrated first, as `serve` would.
    const store = openStore(location);
    try {
      const bar = progressBar(options.progress ?? process.stderr, 'backing up');
      let drawn = false;
      const entry = await takeBackup(store.db.$client, {
        dataDir,
        out: options.out,
        now: (options.clock ?? systemClock).now(),
        onProgress: ({ copiedPages, totalPages }) => {
          if (totalPages < PROGRESS_FROM_PAGES) return;
          drawn = true;
          bar.update(copiedPages, totalPages);
        },
      });
      if (drawn) bar.finish();
      out.write(`${entry.path}: ${entry.size} bytes`);
      return 0;
    } finally {
      store.close();
    }
  });
}

export interface RestoreCommandOptions {
  dataDir?: string;
  yes?: boolean;
  clock?: Clock;
  /** Asks the user; undefined when there is nobody to ask (stdin is not a terminal). */
  confirm?: ((question: string) => Promise<boolean>) | undefined;
}

/** The terminal prompt: only an explicit yes (`y`, `yes`, `s`, `si`, `sí`) restores. */
async function terminalConfirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^(y|yes|s|si|sí)$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export function restoreCommand(file: string, options: RestoreCommandOptions, out: Output): Promise<number> {
  return reporting(out, async () => {
    const config = loadConfig({ dataDir: options.dataDir });
    const dataDir = config.dataDir;
    if (config.databaseUrl) {
      out.error(restoreWithPgRestore(file));
      return 2;
    }
    if (!options.yes) {
      // isatty(0), not process.stdin.isTTY: merely reading the latter opens stdin.
      const confirm = 'confirm' in options ? options.confirm : isatty(0) ? terminalConfirm : undefined;
      if (!confirm) {
        out.error('restore replaces the database: confirm with --yes (no terminal to ask on)');
        return 2;
      }
      if (!(await confirm(`Replace the database in ${dataDir} with ${file}? The current one is kept in backups/.`))) {
        out.error('restore cancelled; nothing changed');
        return 1;
      }
    }
    const result = await restoreDatabase(file, { dataDir, now: (options.clock ?? systemClock).now() });
    if (result.keptAs) out.write(`kept the previous database as ${result.keptAs}`);
    out.write(`restored ${result.source} into ${result.database} (${result.migrations} of ${result.known} migrations${result.migrations < result.known ? '; the next start migrates it' : ''})`);
    out.write('the vault secrets in it open only with the master key they were saved under (docs/backup.md)');
    return 0;
  });
}
