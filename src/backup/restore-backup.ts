/**
 * Restores a backup into the running server (POST /backups/{name}/restore, POST /backups/restore): one
 * restore at a time per database; the outbox paused while the rows are replaced (restore-live.ts), and the
 * jobs the backup holds as `running` due again when it resumes; then what other parts keep in memory of
 * the replaced rows is dropped (the tax authority's sessions and verdicts, billing's usage tally). A file
 * that cannot be restored is 422 `backup_rejected`, named as the caller shows it; nothing has changed then.
 * docs/backup.md
 */
import type { Clock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import { serverMessage } from '../i18n/server-messages.ts';
import type { Store } from '../store/database.ts';
import { releaseLeases } from '../store/outbox-jobs.ts';
import { BackupRejected } from './check-database.ts';
import { PgClient } from '../store/postgres/pg-client.ts';
import { restoreWithPgRestore } from './pg-dump.ts';
import { restoreLive, type LiveRestoreResult } from './restore-live.ts';

/**
 * What a restore touches. The outbox and the token cache are named by the shape used (backup/ imports no
 * sibling service), and so are the caches of services besides the tax authority's (`forgetCachedRows`).
 */
export interface RestoreDependencies {
  store: Pick<Store, 'db'>;
  clock: Clock;
  config: { dataDir: string };
  outbox: { readonly running: boolean; stop(): Promise<void>; start(): void };
  hacienda: { tokens: { reset(): void } };
  /** Drops what other services cache of the replaced rows (billing's usage tally). */
  forgetCachedRows(): void;
}

/** One restore at a time per database: a second would copy the first one's half-done state as "before". */
const restoring = new WeakSet<object>();

/** Restores `file` (shown to the user as `shownAs`); the result names the kept copy of the replaced database. */
export async function restoreBackup(deps: RestoreDependencies, file: string, shownAs: string): Promise<LiveRestoreResult> {
  const key = deps.store.db;
  if (restoring.has(key)) throw new AppError('restore_in_progress', 409, serverMessage('en', 'restore_running'));
  restoring.add(key);
  try {
    // A PostgreSQL store shared by other processes is never overwritten from here: pg_restore, by hand.
    if ((deps.store.db.$client as unknown) instanceof PgClient) throw new BackupRejected(restoreWithPgRestore(file));
    const result = await restoreLive(file, { client: deps.store.db.$client, dataDir: deps.config.dataDir, now: deps.clock.now(), pause: () => pauseOutbox(deps) });
    // Caches of the replaced rows: the tax authority's sessions and verdicts, the usage tally.
    deps.hacienda.tokens.reset();
    deps.forgetCachedRows();
    return result;
  } catch (error) {
    if (error instanceof BackupRejected) throw new AppError('backup_rejected', 422, error.message.split(file).join(shownAs));
    throw error;
  } finally {
    restoring.delete(key);
  }
}

/** Stops the outbox; resolves with what starts it again, if it was running. */
async function pauseOutbox(deps: RestoreDependencies): Promise<() => void> {
  const running = deps.outbox.running;
  await deps.outbox.stop();
  return () => {
    if (!running) return;
    // Jobs the backup holds as `running` belong to no live worker: due again now, as after a crash.
    releaseLeases(deps.store.db, deps.clock.now());
    deps.outbox.start();
  };
}
