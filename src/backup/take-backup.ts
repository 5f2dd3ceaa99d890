/**
 * Takes a backup of the open database: an online copy into a temp name beside the target, renamed into
 * place only once complete and checked, so a file with a backup's name is always a whole, sound database
 * (a crash or a full disk leaves at most a `.partial` file, which nothing lists or restores).
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { copyDatabase, type CopyProgress } from '../store/snapshot.ts';
import { PgClient } from '../store/postgres/pg-client.ts';
import { dumpPostgres, DUMP_EXTENSION } from './pg-dump.ts';
import { privateDir } from '../private-files.ts';
import { backupPath, backupsDir, parseBackupName, type BackupEntry, type BackupKind } from './backup-files.ts';
import { BackupRejected, checkFacturadorDatabase } from './check-database.ts';

export interface TakeBackupOptions {
  /** The data directory whose `backups/` folder receives the copy, unless `out` is given. */
  dataDir: string;
  /** An explicit file to write (must not exist). */
  out?: string;
  kind?: Exclude<BackupKind, 'before-restore'>;
  now: Date;
  onProgress?: (progress: CopyProgress) => void;
}

export async function takeBackup(source: Database.Database, options: TakeBackupOptions): Promise<BackupEntry> {
  const kind = options.kind ?? 'manual';
  // A PostgreSQL store is copied by pg_dump (pg-dump.ts); SQLite's by its online backup.
  const postgres = (source as unknown) instanceof PgClient ? (source as unknown as PgClient) : undefined;
  const target = options.out ? resolve(options.out) : backupPath(backupsDir(options.dataDir), kind, options.now, postgres ? DUMP_EXTENSION : '.db');
  if (existsSync(target)) throw new BackupRejected(`${target} already exists; choose another file`);
  privateDir(dirname(target));
  const partial = `${target}.partial`;
  rmSync(partial, { force: true }); // a crashed earlier attempt's leftover
  try {
    if (postgres) {
      await dumpPostgres(postgres.url, partial);
    } else {
      await copyDatabase(source, partial, options.onProgress);
      checkFacturadorDatabase(partial, { exact: true });
    }
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
    // The copy's own journal files, should SQLite have left any beside the temp name.
    rmSync(`${partial}-wal`, { force: true });
    rmSync(`${partial}-shm`, { force: true });
  }
  const name = basename(target);
  return { name, path: target, size: statSync(target).size, createdAt: parseBackupName(name)?.createdAt ?? options.now, kind };
}
