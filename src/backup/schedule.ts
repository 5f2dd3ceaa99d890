/**
 * The automatic daily backup while the server runs. No outbox job: the outbox is for work a transaction
 * causes, and a job row inside the very database being copied would be copied half-done. Restart safety comes
 * from the files themselves instead: at start the newest automatic backup's age decides when the next one is
 * due (shortly after start when it is older than a day or there is none), so a server restarted every few
 * hours still backs up once a day and one that ran through a night does not back up twice.
 * After each backup, automatic backups past the retention are deleted. Errors are logged and the next
 * attempt is scheduled; a backup problem never stops the server.
 * On a PostgreSQL store shared by several processes only one of them backs up (`leader`: the one holding an
 * advisory lock, store/live-marks.ts); the others ask again every hour, so another takes over when it ends.
 */
import type Database from 'better-sqlite3';
import type { Clock } from '../domain/clock.ts';
import { backupsDir, listBackups, pruneAutomaticBackups, RETENTION_DAYS } from './backup-files.ts';
import { takeBackup } from './take-backup.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The first backup waits this long after start, so start-up and the first requests come first. */
export const FIRST_DELAY_MS = 60_000;
/** After a failed backup (disk full, a permission), try again in an hour rather than tomorrow. */
export const RETRY_MS = 60 * 60 * 1000;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Real timers, unref'd: a pending backup never keeps the process alive. */
export const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface BackupScheduleOptions {
  db: Database.Database;
  dataDir: string;
  clock: Clock;
  log: { info(message: string): void; error(details: object, message: string): void };
  timers?: Timers;
  retentionDays?: number;
  /** Whether this process is the one that backs up the shared database (absent: always, as on SQLite). */
  leader?: () => boolean;
}

export interface BackupSchedule {
  /** When the next backup is due (undefined once stopped). */
  readonly nextAt: Date | undefined;
  /** Resolves when the pending timer is cleared and a backup in progress has ended. */
  stop(): Promise<void>;
}

/** Milliseconds from `now` until the next automatic backup is due, by the newest one in `dir`. */
export function firstDelay(dir: string, now: Date): number {
  const newest = listBackups(dir).find((b) => b.kind === 'automatic');
  const due = newest ? newest.createdAt.getTime() + DAY_MS - now.getTime() : 0;
  // At most a day: a clock set back would otherwise push the next backup out of sight.
  return Math.min(DAY_MS, Math.max(FIRST_DELAY_MS, due));
}

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const timers = options.timers ?? realTimers;
  const dir = backupsDir(options.dataDir);
  let handle: unknown;
  let nextAt: Date | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const schedule = (ms: number) => {
    if (stopped) return;
    nextAt = new Date(options.clock.now().getTime() + ms);
    handle = timers.set(() => {
      running = run().finally(() => (running = undefined));
    }, ms);
  };
  const run = async () => {
    let next = DAY_MS;
    try {
      if (options.leader && !options.leader()) {
        schedule(RETRY_MS);
        return;
      }
      const entry = await takeBackup(options.db, { dataDir: options.dataDir, kind: 'automatic', now: options.clock.now() });
      const pruned = pruneAutomaticBackups(dir, options.clock.now(), options.retentionDays ?? RETENTION_DAYS);
      options.log.info(`backup: automatic backup ${entry.name} (${entry.size} bytes)${pruned.length > 0 ? `; deleted ${pruned.join(', ')}` : ''}`);
    } catch (err) {
      next = RETRY_MS;
      options.log.error({ err }, 'backup: the automatic backup failed; trying again in an hour');
    }
    schedule(next);
  };

  let first = FIRST_DELAY_MS;
  try {
    first = firstDelay(dir, options.clock.now());
  } catch (err) {
    options.log.error({ err }, 'backup: the backups folder could not be read');
  }
  schedule(first);
  return {
    get nextAt() {
      return stopped ? undefined : nextAt;
    },
    async stop() {
      stopped = true;
      timers.clear(handle);
      await running;
    },
  };
}
