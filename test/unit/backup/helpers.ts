/** Temporary data directories with a real, migrated Facturador database for the backup tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE, openStore, type Store } from '../../../src/store/database.ts';

export interface TempData {
  dataDir: string;
  file: string;
  cleanup(): void;
}

export function tempDataDir(prefix = 'facturador-backup-'): TempData {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  return { dataDir, file: join(dataDir, DATABASE_FILE), cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** A migrated database with a `probe` table whose rows say which database they were written to. */
export function seededStore(file: string, label: string): Store {
  const store = openStore(file);
  store.db.$client.exec('CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY, label TEXT NOT NULL)');
  store.db.$client.prepare('INSERT INTO probe (label) VALUES (?)').run(label);
  return store;
}

export function probeLabels(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT label FROM probe ORDER BY id').all() as { label: string }[]).map((r) => r.label);
  } finally {
    db.close();
  }
}
