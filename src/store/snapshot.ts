/**
 * The SQL side of backup and restore (only `store/` speaks SQL): SQLite's online backup of a live
 * connection, and a read-only look at a database file to tell whether it is a sound Facturador database.
 * The file handling around them (names, temp files, renames, retention) lives in `backup/`.
 */
import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { privateFile, PRIVATE_FILE_MODE } from '../private-files.ts';
import { appliedCount } from './migrate.ts';

/** Pages copied per step: 1024 pages of 4 KiB is 4 MiB, a few milliseconds of the event loop. */
const STEP_PAGES = 1024;

export interface CopyProgress {
  copiedPages: number;
  totalPages: number;
}

/**
 * Copies the database `source` into `destination` (a file that must not exist yet) with SQLite's online
 * backup, a step at a time between turns of the event loop, so the server keeps answering. Writes through
 * `source` itself are carried into the copy by SQLite; a write by another connection (the server, while
 * the CLI copies) restarts the copy, so the step grows after each restart and the copy always ends on one
 * consistent point in time. The copy is then switched to a rollback journal: a backup is one self-contained
 * file, with no `-wal` to lose when it is moved, and opening it read-only leaves nothing beside it.
 */
export async function copyDatabase(source: Database.Database, destination: string, onProgress?: (progress: CopyProgress) => void): Promise<void> {
  // Made owner-only before a byte is copied: a copy is the whole database (docs/backup.md, Permissions).
  // An empty file is what SQLite takes for a new database; the chmod covers one that already existed.
  writeFileSync(destination, '', { mode: PRIVATE_FILE_MODE });
  privateFile(destination);
  let step = STEP_PAGES;
  let lastRemaining = Infinity;
  await source.backup(destination, {
    progress: ({ totalPages, remainingPages }) => {
      // No headway since the last step: a write restarted the copy, so the next step takes more at once.
      if (remainingPages >= lastRemaining) step = Math.min(step * 4, 0x7fffffff);
      lastRemaining = remainingPages;
      onProgress?.({ copiedPages: totalPages - remainingPages, totalPages });
      return step;
    },
  });
  const copy = new Database(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Opens the file at `file` for an online copy of it (restore reads its source this way, WAL included). */
export function openForCopy(file: string, readonly: boolean): Database.Database {
  const client = new Database(file, { readonly, fileMustExist: true });
  client.pragma('busy_timeout = 5000');
  return client;
}

/**
 * Folds the WAL into the main file and closes the connection, so nothing of it lives in `-wal` any more
 * (the last connection's close also deletes `-wal` and `-shm`).
 */
export function checkpointAndClose(client: Database.Database): void {
  try {
    client.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    client.close();
  }
}

export interface DatabaseFacts {
  /** `PRAGMA integrity_check`: ['ok'] when sound, else SQLite's findings. */
  integrity: string[];
  /** Migrations applied (the `__drizzle_migrations` rows); 0 for a database that is not ours. */
  migrations: number;
  tables: string[];
}

/**
 * Reads what a database file is without changing it (read-only; a file that is not SQLite at all throws
 * SQLITE_NOTADB from here).
 */
export function inspectDatabaseFile(file: string): DatabaseFacts {
  const client = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (client.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    const tables = (client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    return { integrity, migrations: appliedCount(client), tables };
  } finally {
    client.close();
  }
}

/** The ordinary tables of a schema (`main`, or an attached alias) with their columns, SQLite's own left out. */
function tablesOf(client: Database.Database, schema: string): Map<string, string[]> {
  const names = client.prepare(`SELECT name FROM "${schema}".sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name`).all() as { name: string }[];
  return new Map(names.map(({ name }) => [name, (client.prepare(`SELECT name FROM pragma_table_info(?, ?)`).all(name, schema) as { name: string }[]).map((c) => c.name)]));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Replaces the rows of every table of the open database `client` with those of the database file `source`,
 * in ONE transaction on `client` itself, except the tables in `keep`. Both must have the same schema (the
 * same migrations): restoring into a running server this way leaves its connection, prepared statements and
 * caches in place, and a crash at any point leaves either the old rows or the new ones (backup/restore-live.ts).
 * Foreign keys are checked at the commit, when every table holds the restored rows.
 */
export function replaceContents(client: Database.Database, source: string, keep: readonly string[]): number {
  client.prepare('ATTACH DATABASE ? AS restored').run(source);
  try {
    const current = tablesOf(client, 'main');
    const incoming = tablesOf(client, 'restored');
    const differs = [...current].filter(([name, columns]) => incoming.get(name)?.join(',') !== columns.join(','));
    if (differs.length > 0 || incoming.size !== current.size) throw new Error(`the schemas differ (${differs.map(([n]) => n).join(', ') || 'table count'})`);
    const tables = [...current].filter(([name]) => !keep.includes(name));
    const hasSequence = (schema: string) => client.prepare(`SELECT 1 FROM "${schema}".sqlite_master WHERE name = 'sqlite_sequence'`).get() !== undefined;
    return client.transaction(() => {
      client.pragma('defer_foreign_keys = ON');
      // Every table emptied before any is filled: a parent's ON DELETE CASCADE (webhooks → webhook_deliveries)
      // would otherwise delete child rows already restored when the parent's turn came.
      for (const [name] of tables) client.prepare(`DELETE FROM main.${quote(name)}`).run();
      let rows = 0;
      for (const [name, columns] of tables) {
        const list = columns.map(quote).join(', ');
        rows += client.prepare(`INSERT INTO main.${quote(name)} (${list}) SELECT ${list} FROM restored.${quote(name)}`).run().changes;
      }
      // A kept row may point at a row the backup does not have (a sign-in's key): it goes, or the commit would fail.
      for (const name of keep) {
        if (!current.has(name)) continue;
        const orphans = client.pragma(`foreign_key_check(${quote(name)})`) as { rowid: number }[];
        for (const { rowid } of orphans) client.prepare(`DELETE FROM main.${quote(name)} WHERE rowid = ?`).run(rowid);
      }
      // AUTOINCREMENT counters go back with the rows, so ids continue from the restored ones.
      if (hasSequence('main')) {
        client.prepare(`DELETE FROM main.sqlite_sequence WHERE name IN (${tables.map(() => '?').join(', ')})`).run(...tables.map(([n]) => n));
        if (hasSequence('restored')) {
          client.prepare(`INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM restored.sqlite_sequence WHERE name IN (${tables.map(() => '?').join(', ')})`).run(...tables.map(([n]) => n));
        }
      }
      return rows;
    }).immediate();
  } finally {
    client.prepare('DETACH DATABASE restored').run();
  }
}
