/**
 * Where the project's files are, whether the code runs from source (src/ through tsx) or from the bundle
 * (dist/facturador.mjs): the root is the nearest folder above this module that holds package.json.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(start: string): string {
  for (let dir = dirname(start); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findRoot(fileURLToPath(import.meta.url));

/** A file or folder under resources/ (catalogs, XSDs, price list). */
export function resourcePath(...parts: string[]): string {
  return join(PROJECT_ROOT, 'resources', ...parts);
}

/** The committed database migrations. */
export const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'src', 'store', 'migrations');
/** PostgreSQL's own migrations (src/store/postgres/pg-migrate.ts). */
export const PG_MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'src', 'store', 'migrations-pg');
