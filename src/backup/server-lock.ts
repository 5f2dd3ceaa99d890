/**
 * `<dataDir>/facturador.pid`: claimed by a server as it starts (its address added once it listens),
 * removed when it stops. A second server and a restore refuse while the process it names is alive: that
 * server holds the database open and would keep writing to the file a restore replaced. A pid file left
 * by a server that died (kill -9, power cut) names a process that no longer exists and is ignored.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, privateDir } from '../private-files.ts';

export const SERVER_LOCK_FILE = 'facturador.pid';

export interface ServerLockInfo {
  pid: number;
  url?: string;
  startedAt?: string;
}

export function writeServerLock(dataDir: string, info: ServerLockInfo): void {
  writeFileSync(join(dataDir, SERVER_LOCK_FILE), `${JSON.stringify(info)}\n`, { mode: PRIVATE_FILE_MODE });
}

/**
 * Takes the pid file for a starting server, unless another live process holds it; returns that holder
 * then. The file is created exclusively (O_EXCL), so of two servers started at the same moment only one
 * gets it (reading first and writing once listening left them both the whole start-up to pass the check).
 * A file of a dead process, or of this one (a restart in the same process), is taken over.
 */
export function claimServerLock(dataDir: string, info: ServerLockInfo): ServerLockInfo | undefined {
  privateDir(dataDir);
  const file = join(dataDir, SERVER_LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, `${JSON.stringify(info)}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt === 2) throw error;
    }
    const holder = runningServer(dataDir);
    if (holder && holder.pid !== info.pid) return holder;
    rmSync(file, { force: true }); // stale, or this process's own
  }
}

/** Removes the lock only if it is still this server's (a second server may have taken it over since). */
export function removeServerLock(dataDir: string, pid: number): void {
  if (readServerLock(dataDir)?.pid === pid) rmSync(join(dataDir, SERVER_LOCK_FILE), { force: true });
}

function readServerLock(dataDir: string): ServerLockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(join(dataDir, SERVER_LOCK_FILE), 'utf8')) as ServerLockInfo;
    return Number.isInteger(info.pid) ? info : undefined;
  } catch {
    return undefined; // none, or unreadable: no server to wait for
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server running on `dataDir`, if any. */
export function runningServer(dataDir: string): ServerLockInfo | undefined {
  const info = readServerLock(dataDir);
  return info && isAlive(info.pid) ? info : undefined;
}
