/**
 * Whether a file is a sound Facturador database this version of the app can open: SQLite, integrity_check
 * ok, the migrations table with at most the migrations this app ships, and the core tables. A backup is
 * checked this way right after it is written; a restore checks its file before touching anything.
 */
import { existsSync } from 'node:fs';
import { inspectDatabaseFile } from '../store/snapshot.ts';
import { knownMigrations } from '../store/migrate.ts';

/** A file that is not a database to keep or restore; the message says why, for the user. */
export class BackupRejected extends Error {}

/** Tables every Facturador database has had since the first migration. */
const CORE_TABLES = ['accounts', 'organizations', 'documents', 'counters', 'outbox_jobs', '__drizzle_migrations'];

export interface CheckedDatabase {
  /** Migrations the file has applied. */
  migrations: number;
  /** Migrations this app ships: more than `migrations` means the next start migrates the restored file. */
  known: number;
}

/**
 * Throws `BackupRejected` unless `file` is a sound Facturador database; `exact` also requires every migration
 * of this app to be applied (a backup of the running, migrated database).
 */
export function checkFacturadorDatabase(file: string, options: { exact?: boolean } = {}): CheckedDatabase {
  if (!existsSync(file)) throw new BackupRejected(`${file}: no such file`);
  let facts;
  try {
    facts = inspectDatabaseFile(file);
  } catch (error) {
    // SQLITE_NOTADB, SQLITE_CORRUPT: not something SQLite can read at all.
    throw new BackupRejected(`${file} is not a readable SQLite database (${(error as Error).message})`);
  }
  if (facts.integrity.length !== 1 || facts.integrity[0] !== 'ok') {
    throw new BackupRejected(`${file} is damaged: integrity_check says ${facts.integrity.slice(0, 3).join('; ')}`);
  }
  const missing = CORE_TABLES.filter((t) => !facts.tables.includes(t));
  if (missing.length > 0 || facts.migrations === 0) {
    throw new BackupRejected(`${file} is not a Facturador database (missing ${missing.length > 0 ? missing.join(', ') : 'its migrations'})`);
  }
  const known = knownMigrations().length;
  if (facts.migrations > known) {
    throw new BackupRejected(`${file} comes from a newer Facturador (${facts.migrations} migrations, this version knows ${known}): update the app first`);
  }
  if (options.exact && facts.migrations !== known) {
    throw new BackupRejected(`${file} has ${facts.migrations} of ${known} migrations`);
  }
  return { migrations: facts.migrations, known };
}
