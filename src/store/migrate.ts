/**
 * Applies the committed drizzle migrations (`migrations/`, generated from schema.ts) at start-up.
 * Before migrating a database that already holds tables, a copy is taken next to it
 * (`facturador.db.before-<tag>`), so an upgrade that goes wrong never costs the user their documents.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '../paths.ts';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate as drizzleMigrate } from 'drizzle-orm/better-sqlite3/migrator';

export { MIGRATIONS_FOLDER };

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** How many migrations a database has applied (0 when it has none, or is not ours). */
export function appliedCount(client: Database.Database): number {
  const table = client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!table) return 0;
  return (client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
}

function hasUserTables(client: Database.Database): boolean {
  return client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'").get() !== undefined;
}

/** The migrations this version of the app ships, in order. */
export function knownMigrations(): { idx: number; tag: string }[] {
  return (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal).entries;
}

export function migrate(client: Database.Database, file: string, log: (message: string) => void = () => {}): void {
  const journal = { entries: knownMigrations() };
  const pending = journal.entries.slice(appliedCount(client));
  if (pending.length === 0) return;
  if (file !== ':memory:' && existsSync(file) && hasUserTables(client)) {
    client.pragma('wal_checkpoint(TRUNCATE)');
    const backup = `${file}.before-${pending[0]!.tag}`;
    copyFileSync(file, backup);
    log(`database backed up to ${backup} before migrating`);
  }
  drizzleMigrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  log(`database migrated: ${pending.map((e) => e.tag).join(', ')}`);
}
