/**
 * Backups of a PostgreSQL store are PostgreSQL's own (docs/postgresql.md, "Backups"): `pg_dump
 * --format=custom` writes the database into the backups folder under the usual names, with `.dump` for
 * `.db`; `pg_restore` brings one back, by hand, into a database no server is using. The password never goes
 * on pg_dump's command line (other users could read it there): it travels in the child's PGPASSWORD.
 */
import { spawn } from 'node:child_process';
import { BackupRejected } from './check-database.ts';

export const DUMP_EXTENSION = '.dump';

/** The URL without its password, and the password for PGPASSWORD. */
function splitCredentials(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  // A password given as ?password= would reach pg_dump's command line too: it goes by PGPASSWORD as well.
  const password = parsed.password ? decodeURIComponent(parsed.password) : (parsed.searchParams.get('password') ?? undefined);
  parsed.password = '';
  parsed.searchParams.delete('password');
  return { url: parsed.toString(), password };
}

function run(command: string, args: string[], password: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) };
    let child;
    try {
      child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      reject(error);
      return;
    }
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupRejected(`${command} is not installed: a PostgreSQL store is backed up with PostgreSQL's client tools (Debian: apt-get install postgresql-client)`) : error);
    });
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new BackupRejected(`${command} failed (exit ${code}): ${err.trim().slice(0, 2000)}`));
    });
  });
}

/** Dumps the database at `url` into `file` (custom format), then reads the file's table of contents back as a check. */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const target = splitCredentials(url);
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${target.url}`], target.password);
  const contents = await run('pg_restore', ['--list', file], undefined);
  if (!/TABLE DATA public documents\b/.test(contents)) throw new BackupRejected(`${file} does not hold a Facturador database`);
}

/** What `facturador restore` and the API say on PostgreSQL instead of touching the database. */
export function restoreWithPgRestore(file: string): string {
  return 'the store is a PostgreSQL database (DATABASE_URL), which this command does not overwrite: ' +
    'stop every `facturador serve` using it, then restore the dump with PostgreSQL\'s own tool into an empty database, e.g.\n' +
    `  createdb facturador_restored && pg_restore --no-owner --dbname=postgres://…/facturador_restored ${file}\n` +
    'and point DATABASE_URL at it (docs/postgresql.md, "Backups").';
}
