/**
 * Applies PostgreSQL's migrations (src/store/migrations-pg/*.sql, in name order) that a database has not
 * had yet, each in its own transaction. Several `serve` processes may start at once: a session lock makes
 * the second wait for the first and then find nothing left to do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PG_MIGRATIONS_FOLDER } from '../../paths.ts';
import type { PgBridge } from './pg-bridge.ts';
import { WRITER_LOCK } from './pg-client.ts';

const MIGRATE_LOCK = WRITER_LOCK + 1;

export function knownPgMigrations(): string[] {
  return readdirSync(PG_MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql')).sort();
}

export function migratePostgres(bridge: PgBridge, log: (message: string) => void = () => {}): void {
  // However long the first process migrates (lock_timeout would give up after 5 s).
  bridge.query(`SET lock_timeout = 0; SELECT pg_advisory_lock(${MIGRATE_LOCK}); SET lock_timeout = '5s'`);
  try {
    bridge.query('CREATE TABLE IF NOT EXISTS facturador_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const applied = new Set(bridge.query('SELECT name FROM facturador_migrations').rows.map((r) => r[0] as string));
    const pending = knownPgMigrations().filter((name) => !applied.has(name));
    for (const name of pending) {
      const sql = readFileSync(join(PG_MIGRATIONS_FOLDER, name), 'utf8');
      bridge.query(`BEGIN;\n${sql}\nINSERT INTO facturador_migrations (name) VALUES ('${name.replaceAll("'", "''")}');\nCOMMIT;`);
    }
    if (pending.length > 0) log(`database migrated: ${pending.join(', ')}`);
  } catch (error) {
    bridge.query('ROLLBACK');
    throw error;
  } finally {
    bridge.query(`SELECT pg_advisory_unlock(${MIGRATE_LOCK})`);
  }
}
