/**
 * The online backup while another connection keeps writing: the copy is whole (integrity_check ok), shows
 * one point in time (two tables written in the same transactions have equal counts, no torn rows), and only
 * appears under its final name once checked.
 */
import { readdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { takeBackup } from '../../../src/backup/take-backup.ts';
import { BackupRejected } from '../../../src/backup/check-database.ts';
import { backupsDir } from '../../../src/backup/backup-files.ts';
import { openStore } from '../../../src/store/database.ts';
import { tempDataDir, type TempData } from './helpers.ts';

let data: TempData;
afterEach(() => data?.cleanup());

describe('takeBackup', () => {
  it('is consistent while another connection writes continuously', async () => {
    data = tempDataDir();
    const store = openStore(data.file);
    const source = store.db.$client;
    source.exec(`CREATE TABLE pair_a (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
                 CREATE TABLE pair_b (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, twice INTEGER NOT NULL);
                 CREATE TABLE filler (blob BLOB)`);
    // ~6.5 MB, so the copy takes several steps with the writer running between them.
    const fill = source.prepare('INSERT INTO filler VALUES (randomblob(8192))');
    source.transaction(() => { for (let i = 0; i < 800; i++) fill.run(); })();

    const writer = new Database(data.file);
    writer.pragma('busy_timeout = 5000');
    writer.pragma('synchronous = OFF'); // fast writes: the test is about the copy, not their durability
    const insertA = writer.prepare('INSERT INTO pair_a (n) VALUES (?)');
    const insertB = writer.prepare('INSERT INTO pair_b (n, twice) VALUES (?, ?)');
    const both = writer.transaction((n: number) => { insertA.run(n); insertB.run(n, 2 * n); });
    const sourceA = source.prepare('INSERT INTO pair_a (n) VALUES (?)');
    const sourceB = source.prepare('INSERT INTO pair_b (n, twice) VALUES (?, ?)');
    let n = 0;
    let writing = true;
    const loop = () => {
      if (!writing) return;
      both(++n);
      // Writes through the backup's own connection too, as the server's requests do.
      if (n % 3 === 0) source.transaction(() => { sourceA.run(-n); sourceB.run(-n, -2 * n); })();
      setImmediate(loop);
    };
    setImmediate(loop);
    const entry = await takeBackup(source, { dataDir: data.dataDir, now: new Date('2026-01-26T02:13:27Z') });
    writing = false;
    const written = n;
    writer.close();
    store.close();

    expect(entry.name).toBe('facturador-20260126-021327.db');
    expect(written).toBeGreaterThan(0);
    const copy = new Database(entry.path, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const a = copy.prepare('SELECT count(*) AS c FROM pair_a').get() as { c: number };
      const b = copy.prepare('SELECT count(*) AS c FROM pair_b').get() as { c: number };
      expect(a.c).toBe(b.c);
      expect(copy.prepare('SELECT count(*) AS c FROM pair_b WHERE twice <> 2 * n').get()).toEqual({ c: 0 });
      expect(copy.prepare('SELECT count(*) AS c FROM filler').get()).toEqual({ c: 800 });
    } finally {
      copy.close();
    }
    expect(readdirSync(backupsDir(data.dataDir))).toEqual([entry.name]); // no .partial left
  });

  it('refuses to overwrite an existing --out file, and names a second backup of the same second apart', async () => {
    data = tempDataDir();
    const store = openStore(data.file);
    try {
      const now = new Date('2026-01-26T02:13:27Z');
      const first = await takeBackup(store.db.$client, { dataDir: data.dataDir, now });
      const second = await takeBackup(store.db.$client, { dataDir: data.dataDir, now });
      expect(second.name).toBe('facturador-20260126-021327-2.db');
      await expect(takeBackup(store.db.$client, { dataDir: data.dataDir, out: first.path, now })).rejects.toBeInstanceOf(BackupRejected);
    } finally {
      store.close();
    }
  });
});
