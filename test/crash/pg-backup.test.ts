/**
 * Backups of a PostgreSQL store (docs/postgresql.md, "Backups"): `facturador backup` with DATABASE_URL writes
 * a pg_dump file under the backups folder's usual name (`.dump`), one that pg_restore brings back whole into
 * another database; `facturador restore` leaves the shared database alone and explains pg_restore instead.
 * Beside the crash tests because, like them, it needs the machine's PostgreSQL and its client tools.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCommand, restoreCommand } from '../../src/cli/backup.ts';
import type { Output } from '../../src/cli/output.ts';
import { openStore } from '../../src/store/database.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { listBackups } from '../../src/backup/backup-files.ts';
import { throwawayDatabase, type ThrowawayDatabase } from '../helpers/postgres.ts';

let source: ThrowawayDatabase;
let target: ThrowawayDatabase;
let dataDir: string;
const previousUrl = process.env['DATABASE_URL'];

function capture(): Output & { stdout: string; stderr: string } {
  const out = { stdout: '', stderr: '', write: (text: string) => (out.stdout += `${text}\n`), error: (text: string) => (out.stderr += `${text}\n`) };
  return out;
}

beforeAll(() => {
  source = throwawayDatabase();
  target = throwawayDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'facturador-pgbackup-'));
  const store = openStore(source.url);
  localAccount(store.db, new Date());
  store.close();
  process.env['DATABASE_URL'] = source.url;
}, 60_000);

afterAll(() => {
  if (previousUrl === undefined) delete process.env['DATABASE_URL'];
  else process.env['DATABASE_URL'] = previousUrl;
  source?.drop();
  target?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('facturador backup / restore on PostgreSQL', () => {
  it('dumps the database with pg_dump into backups/, under the usual name with .dump, and pg_restore brings it back', async () => {
    const out = capture();
    expect(await backupCommand({ dataDir, clock: { now: () => new Date('2026-11-27T08:30:05Z') } }, out), out.stderr).toBe(0);
    const [entry] = listBackups(join(dataDir, 'backups'));
    expect(entry).toMatchObject({ name: 'facturador-20261127-083005.dump', kind: 'manual' });
    expect(out.stdout).toContain(entry!.path);
    // The throw-away database comes with the tables already (test/helpers/postgres.ts): replaced by the dump's.
    execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${target.url}`, entry!.path]);
    const restored = openStore(target.url);
    try {
      expect(restored.db.$client.prepare('SELECT COUNT(*) AS n FROM accounts').pluck().get()).toBe(1);
    } finally {
      restored.close();
    }
  }, 60_000);

  it('does not restore over the shared database: it says how to with pg_restore', async () => {
    const out = capture();
    expect(await restoreCommand('/tmp/whatever.dump', { dataDir, yes: true }, out)).toBe(2);
    expect(out.stderr).toContain('pg_restore');
    expect(out.stderr).toContain('/tmp/whatever.dump');
  });
});
