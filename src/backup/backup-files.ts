/**
 * The backups folder of a data directory: how backups are named, listed and pruned.
 * `<dataDir>/backups/facturador-YYYYMMDD-HHMMSS.db` is a backup someone asked for (CLI, API);
 * `facturador-auto-YYYYMMDD-HHMMSS.db` is the daily automatic one, the only kind retention ever deletes;
 * `facturador-before-restore-YYYYMMDD-HHMMSS.db` is the database a restore replaced. Times are UTC, so the
 * name sorts by age and says when the copy was taken without reading the file. A PostgreSQL store's backups
 * are pg_dump files named the same way with `.dump` (pg-dump.ts).
 */
import { existsSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

export const BACKUPS_FOLDER = 'backups';

export type BackupKind = 'manual' | 'automatic' | 'before-restore';

const PREFIX: Record<BackupKind, string> = { manual: 'facturador-', automatic: 'facturador-auto-', 'before-restore': 'facturador-before-restore-' };
const NAME = /^facturador-(auto-|before-restore-)?(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.(?:db|dump)$/;

export interface BackupEntry {
  name: string;
  path: string;
  size: number;
  createdAt: Date;
  kind: BackupKind;
}

export function backupsDir(dataDir: string): string {
  return join(dataDir, BACKUPS_FOLDER);
}

/** `20260126-021327`: the UTC timestamp of names. */
export function stamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, '').replace(/[-:]/g, '').replace('T', '-');
}

/** A free name in `dir` for a backup of `kind` taken at `at` (`-2`, `-3`… when one was taken that second). */
export function backupPath(dir: string, kind: BackupKind, at: Date, extension: '.db' | '.dump' = '.db'): string {
  const base = `${PREFIX[kind]}${stamp(at)}`;
  for (let n = 1; ; n++) {
    const path = join(dir, n === 1 ? `${base}${extension}` : `${base}-${n}${extension}`);
    if (!existsSync(path)) return path;
  }
}

/** What a file name says about a backup, or undefined for a file that is not one of ours. */
export function parseBackupName(name: string): { kind: BackupKind; createdAt: Date } | undefined {
  const m = NAME.exec(name);
  if (!m) return undefined;
  const kind: BackupKind = m[1] === 'auto-' ? 'automatic' : m[1] === 'before-restore-' ? 'before-restore' : 'manual';
  return { kind, createdAt: new Date(Date.UTC(+m[2]!, +m[3]! - 1, +m[4]!, +m[5]!, +m[6]!, +m[7]!)) };
}

/** The backups in `dir`, newest first (temp files of a copy in progress are not listed). */
export function listBackups(dir: string): BackupEntry[] {
  if (!existsSync(dir)) return [];
  const entries: BackupEntry[] = [];
  for (const name of readdirSync(dir)) {
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    const path = join(dir, name);
    entries.push({ name, path, size: statSync(path).size, ...parsed });
  }
  // Within one second, `-2` was taken after the unsuffixed name.
  const sequence = (name: string) => Number(NAME.exec(name)?.[8] ?? 1);
  return entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || sequence(b.name) - sequence(a.name));
}

export const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the automatic backups in `dir` older than `days`; a backup someone asked for, or the copy a restore
 * kept, is theirs to delete. Returns the names deleted.
 */
export function pruneAutomaticBackups(dir: string, now: Date, days = RETENTION_DAYS): string[] {
  const cutoff = now.getTime() - days * DAY_MS;
  const old = listBackups(dir).filter((b) => b.kind === 'automatic' && b.createdAt.getTime() < cutoff);
  for (const b of old) unlinkSync(b.path);
  return old.map((b) => b.name);
}
