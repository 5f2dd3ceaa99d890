/**
 * The test matrix's PostgreSQL side: FACTURADOR_TEST_ENGINE=postgres runs a test's stores on a database of
 * their own, created on the machine's server (FACTURADOR_TEST_PG, default postgres://postgres@127.0.0.1:5432/test)
 * and dropped afterwards. Created synchronously (through the store's own bridge), so fixtures stay synchronous.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PgBridge } from '../../src/store/postgres/pg-bridge.ts';
import { knownPgMigrations } from '../../src/store/postgres/pg-migrate.ts';
import { PG_MIGRATIONS_FOLDER } from '../../src/paths.ts';
import { openStore } from '../../src/store/database.ts';

export const TEST_ENGINE: 'sqlite' | 'postgres' = process.env['FACTURADOR_TEST_ENGINE'] === 'postgres' ? 'postgres' : 'sqlite';
export const onPostgres = TEST_ENGINE === 'postgres';

/** The server's maintenance database, where test databases are created and dropped. */
export const ADMIN_URL = process.env['FACTURADOR_TEST_PG'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ThrowawayDatabase {
  url: string;
  drop(): void;
}

let admin: PgBridge | undefined;
const adminConnection = () => (admin ??= new PgBridge(ADMIN_URL));

const urlOf = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

let template: string | undefined;
/**
 * A database with this checkout's migrations applied, named after them, made once per machine: copying it
 * is several times faster than migrating each test's database. Made under a lock (the test files run in
 * parallel) and renamed into place when complete, so no copy is taken of a half-migrated one.
 */
function migratedTemplate(): string {
  if (template) return template;
  const digest = createHash('sha256');
  for (const file of knownPgMigrations()) digest.update(file).update(readFileSync(join(PG_MIGRATIONS_FOLDER, file)));
  const name = `facturador_template_${digest.digest('hex').slice(0, 12)}`;
  const admin = adminConnection();
  admin.query('SELECT pg_advisory_lock(7316)');
  try {
    if (admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]).rows.length === 0) {
      const draft = `${name}_draft_${process.pid}`;
      admin.query(`DROP DATABASE IF EXISTS "${draft}"`);
      admin.query(`CREATE DATABASE "${draft}"`);
      openStore(urlOf(draft)).close();
      admin.query(`ALTER DATABASE "${draft}" RENAME TO "${name}"`);
    }
  } finally {
    admin.query('SELECT pg_advisory_unlock(7316)');
  }
  return (template = name);
}

/** A new database with the store's tables; `drop()` removes it, closing whatever connections are still open on it. */
export function throwawayDatabase(): ThrowawayDatabase {
  const name = `facturador_t_${process.pid}_${randomBytes(5).toString('hex')}`;
  adminConnection().query(`CREATE DATABASE "${name}" TEMPLATE "${migratedTemplate()}"`);
  return {
    url: urlOf(name),
    drop: () => {
      adminConnection().query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** A database for this test on PostgreSQL runs, nothing on SQLite ones. */
export function matrixDatabase(): ThrowawayDatabase | undefined {
  return onPostgres ? throwawayDatabase() : undefined;
}

/**
 * Runs a CLI command as it runs beside a server on PostgreSQL: with DATABASE_URL set to `url` (nothing changes
 * when `url` is undefined, the SQLite side of the matrix).
 */
export async function withDatabaseUrl<T>(url: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!url) return run();
  const before = process.env['DATABASE_URL'];
  process.env['DATABASE_URL'] = url;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env['DATABASE_URL'];
    else process.env['DATABASE_URL'] = before;
  }
}
