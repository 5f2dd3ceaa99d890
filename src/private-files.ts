/**
 * The data directory is the owner's alone (issue 12, Security 7; docs/backup.md, "Permissions"): the
 * folder 0700 and the app's files in it 0600 — the database with its WAL and SHM, backups, exports, the
 * vault's key file — whatever the umask says (usually 0022, which left them readable by every local user).
 * Files made later by our own code are created owner-only (or tightened once SQLite made them); at every
 * start the app's entries are swept, which fixes installs made by earlier versions and anything else that
 * appeared with the umask's modes. Windows has no such modes (the profile folder's ACL protects it).
 * A chmod the file system refuses (a FAT or network mount, a folder owned by someone else) is skipped:
 * the modes protect the data, they are not a reason for the counter to stop working.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const POSIX = process.platform !== 'win32';

/** chmod where the system has modes; false when it has none or the file system refuses. */
function restrict(path: string, mode: number): boolean {
  if (!POSIX) return false;
  try {
    chmodSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/** Creates `dir` (parents included, with the usual modes) and makes the folder itself owner-only. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true });
  restrict(dir, PRIVATE_DIR_MODE);
}

/** Makes one file owner-only: for files that something else created with the umask (SQLite's copy). */
export function privateFile(file: string): void {
  restrict(file, PRIVATE_FILE_MODE);
}

/**
 * What the app keeps in a data directory: the databases with their WAL, SHM and pre-migration copies
 * (`facturador.db*`, `catalogs.db*`), the vault's key files (`vault.key*`), the pid file, and the folders of
 * backups, exports and upload spools. Only these are swept: a data directory pointed at a folder that also
 * holds other things (`--data-dir ~`) must not have the owner's own files changed.
 */
const OURS = /^(?:facturador\.|catalogs\.db|vault\.key|backups$|exports$|tmp$)/;

/**
 * At start: the data directory and what the app keeps in it to 0700 (folders) and 0600 (files) where group
 * or others had any access, recursively inside our folders. Symbolic links are left alone (chmod would
 * follow them out of the folder). Returns how many entries were changed.
 */
export function tightenDataDir(dataDir: string): number {
  if (!POSIX) return 0;
  let changed = 0;
  const visit = (path: string, recurse: boolean) => {
    const info = lstatSync(path, { throwIfNoEntry: false });
    if (!info || info.isSymbolicLink()) return;
    if ((info.mode & 0o077) !== 0 && restrict(path, info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE)) changed++;
    if (recurse && info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name), true);
  };
  visit(dataDir, false);
  for (const name of readdirSync(dataDir)) if (OURS.test(name)) visit(join(dataDir, name), true);
  return changed;
}
