/**
 * The catalog database, `catalogs.db` in the data directory: CABYS, locations and tariff codes with their
 * FTS5 indexes. It is apart from `facturador.db` so that loading or replacing a catalog never writes to the
 * organization's database, and losing it loses nothing: it is rebuilt from resources/catalogs/.
 * The SQL of the catalogs lives in this folder only (eslint.config.js).
 *
 * A dataset is replaced whole: in one transaction its tables are built under a `_next` suffix, the old
 * ones dropped and the new ones renamed into place. Readers (this process or a server running beside the CLI)
 * see either the old catalog or the new one, never half of each; SQLite re-prepares their statements.
 * Constraints are declared inline, never as named indexes, because the names of automatic indexes follow
 * their table through a rename while a named index would collide with the next build's.
 */
import Database from 'better-sqlite3';

export type CatalogDb = Database.Database;

export const CATALOG_DB_FILE = 'catalogs.db';

/** Layout of the tables; a change rebuilds the whole file (an imported official CABYS must then be imported again). */
export const CATALOG_SCHEMA_VERSION = '1';

/** Accents and case folded away in the index, so `cafe` finds `Café` (search-text.ts folds queries the same way). */
export const SPANISH_TOKENIZER = "tokenize = 'unicode61 remove_diacritics 2'";

/**
 * `busyTimeoutMs`: how long to wait for a build by another process (about a second; longer on a slow disk),
 * which holds the write lock, before SQLITE_BUSY. The CLI waits it out and then finds the catalogs built;
 * the server waits briefly (its event loop would stall with it) and answers 503 meanwhile.
 */
export function openCatalogDb(file: string, busyTimeoutMs = 30_000): CatalogDb {
  const db = new Database(file);
  try {
    // First, so that switching a new file to WAL and creating `meta` wait too.
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    db.pragma('journal_mode = WAL');
    // Rebuildable from the shipped files at any time: a commit need not wait for the disk.
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID');
    return db;
  } catch (err) {
    db.close(); // a damaged file (SQLITE_NOTADB): the caller rebuilds it, without a handle left open on it
    throw err;
  }
}

const statements = new WeakMap<CatalogDb, Map<string, Database.Statement>>();

/** A prepared statement, once per handle (preparing costs more than running these queries). */
export function statement(db: CatalogDb, sql: string): Database.Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = db.prepare(sql)));
  return prepared;
}

export function readMeta(db: CatalogDb): Record<string, string> {
  const rows = statement(db, 'SELECT key, value FROM meta').all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** One `meta` value (a search asks on every call: one key, not the whole table). */
export function readMetaValue(db: CatalogDb, key: string): string | undefined {
  return (statement(db, 'SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

export function writeMeta(db: CatalogDb, values: Record<string, string>): void {
  const upsert = statement(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  for (const [key, value] of Object.entries(values)) upsert.run(key, value);
}

/** Drops every table but `meta` (and clears it): a new layout starts from nothing. */
export function dropAllTables(db: CatalogDb): void {
  const names = (where: string) => (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND ${where}`).all() as { name: string }[]).map((r) => r.name);
  db.transaction(() => {
    // Virtual tables first: dropping one drops its shadow tables too.
    for (const name of names("sql LIKE 'CREATE VIRTUAL TABLE%'")) db.exec(`DROP TABLE "${name}"`);
    for (const name of names("name <> 'meta' AND name NOT LIKE 'sqlite_%'")) db.exec(`DROP TABLE "${name}"`);
    db.exec('DELETE FROM meta');
  })();
}

/** `CREATE ...` statements of a dataset's tables, by table name, given the name to create each under. */
export type TableDefinitions = Record<string, (name: string) => string>;

/**
 * Replaces a dataset's tables atomically: `fill` writes into the `_next` tables (it gets their names),
 * then the swap and the `meta` values, all in one write transaction, so that two builders (the server's
 * build child and a CLI, say) take turns instead of dropping each other's `_next` tables.
 */
export function replaceTables(db: CatalogDb, tables: TableDefinitions, fill: (names: Record<string, string>) => void, meta: Record<string, string>): void {
  const names = Object.fromEntries(Object.keys(tables).map((t) => [t, `${t}_next`]));
  db.transaction(() => {
    for (const next of Object.values(names)) db.exec(`DROP TABLE IF EXISTS ${next}`); // left by an older version's interrupted build
    for (const [table, create] of Object.entries(tables)) db.exec(create(names[table]!));
    fill(names);
    for (const table of Object.keys(tables)) {
      db.exec(`DROP TABLE IF EXISTS ${table}`);
      db.exec(`ALTER TABLE ${names[table]} RENAME TO ${table}`);
    }
    writeMeta(db, meta);
  }).immediate();
}
