/**
 * Starts and stops the server: the core (store, vault, outbox worker, monitor) and the API on its address,
 * claiming the data directory for this process, plus the daily backup. The hosts call it: the `serve`
 * command (cli/serve.ts), the desktop shell (main/, through index.ts), the tests and the benchmarks.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.ts';
import { createCore, type Core, type CoreOptions } from './core.ts';
import { buildApp } from './api/app.ts';
import { releaseLeases } from './store/outbox-jobs.ts';
import { releaseAbandonedClaims } from './store/idempotency.ts';
import { sealIdempotencyCache } from './api/plugins/idempotency-seal.ts';
import { failInterruptedPrints } from './store/document-prints.ts';
import { BACKUP_LEADER, holdsLeadership, onMarksLost } from './store/live-marks.ts';
import { sealedPinSample } from './store/vault-sample.ts';
import { vaultContext } from './organizations/vault-context.ts';
import { VaultError } from './secrets/vault.ts';
import { anyPrinter } from './store/printers.ts';
import { claimServerLock, removeServerLock, writeServerLock } from './backup/server-lock.ts';
import { startBackupSchedule, type BackupSchedule } from './backup/schedule.ts';
import { loginLink } from './api/browser/login-url.ts';

export interface Server {
  core: Core;
  app: FastifyInstance;
  url: string;
  /** The one-time browser sign-in link of this start (docs/browser-access.md). */
  loginUrl: string;
  close(): Promise<void>;
}

export interface ServerOptions extends CoreOptions {
  /** Deliver documents to the tax authority and probe it (default true; API tests turn it off). */
  delivery?: boolean;
  /** The automatic daily backup (default on; FACTURADOR_AUTO_BACKUP=off turns it off). docs/backup.md */
  autoBackup?: boolean;
}

/** Another live process serves the data directory: two outbox workers and two numbering sources on one database invite trouble. */
export class DataDirInUse extends Error {}

/** The master key does not open what the shared database holds (processes on one PostgreSQL must share it). */
export class MasterKeyMismatch extends Error {}

/**
 * On PostgreSQL, how often each process looks for work a dead process left behind (claims, leases, prints):
 * the other processes keep serving, and nothing need wait for the dead one to be restarted.
 */
export const ABANDONED_WORK_SWEEP_MS = 10_000;

export async function startServer(flags: { port?: string; host?: string; dataDir?: string; databaseUrl?: string }, options: ServerOptions = {}): Promise<Server> {
  const config = loadConfig(flags);
  // Claimed before the database is opened; the same process may restart its server (tests, the desktop
  // shell), and a pid file of a dead process is stale. The address is added once listening.
  const other = claimServerLock(config.dataDir, { pid: process.pid });
  if (other) {
    throw new DataDirInUse(`another Facturador server (pid ${other.pid}${other.url ? `, ${other.url}` : ''}) is running on ${config.dataDir}; stop it first, or give this one another --data-dir.`);
  }
  try {
    return await listening(config, options);
  } catch (error) {
    removeServerLock(config.dataDir, process.pid);
    throw error;
  }
}

async function listening(config: Config, options: ServerOptions): Promise<Server> {
  const core = createCore(config, options);
  const shared = core.store.engine === 'postgres';
  try {
    if (shared) checkMasterKey(core);
  } catch (error) {
    await core.close();
    throw error;
  }
  // Its marks went with a lost connection: the others now release its work, so it stops as after a crash
  // (its supervisor starts it again) rather than finish work another process has taken up (docs/postgresql.md).
  onMarksLost(core.store.db, () => {
    core.log.fatal('the connection to PostgreSQL was lost while this process held work: stopping so that the other processes take it over');
    process.exit(75);
  });
  // Before any request: idempotency claims still `running` were left by a process that died (nothing of
  // theirs was committed), so a client retrying with the same key is served instead of told to wait. On
  // PostgreSQL only those of dead processes: the others' are live requests (store/live-marks.ts).
  const abandoned = releaseAbandonedClaims(core.store.db);
  if (abandoned > 0) core.log.info(`idempotency: ${abandoned} claim(s) of requests interrupted by the previous run released`);
  sealIdempotencyCache(core);
  // Receipts still `printing` were cut short by the previous run's end (their jobs lived in memory): they
  // show "not printed — retry" instead of printing forever (store/document-prints.ts). On PostgreSQL only
  // those of dead processes: a `printing` row may be another live process's print.
  const interrupted = failInterruptedPrints(core.store.db, core.clock.now());
  if (interrupted > 0) core.log.info(`printing: ${interrupted} receipt(s) interrupted by the previous run marked not printed`);
  if (anyPrinter(core.store.db)) core.printing.warm();
  const app = await buildApp(core);
  // fastify's own listen line, reworded, is the one log line with the address.
  await app.listen({ port: core.config.port, host: core.config.host, listenTextResolver: (address) => `facturador listening on ${address}/api/v1 (data in ${core.config.dataDir})` });
  // FACTURADOR_DELIVERY=off keeps documents stored but unsent (benchmarks, an install without Hacienda access).
  const delivering = options.delivery ?? process.env['FACTURADOR_DELIVERY'] !== 'off';
  if (delivering) {
    // Jobs still `running` were left by a process that died (kill -9, power cut), so they go again now
    // instead of after their leases expire (60 s): on SQLite every one (this is the data directory's one
    // worker), on PostgreSQL those no live process marks (store/outbox-jobs.ts).
    const released = releaseLeases(core.store.db, core.clock.now());
    if (released > 0) core.log.info(`outbox: ${released} job(s) interrupted by the previous run go again`);
    core.outbox.start();
    core.hacienda.monitor.start();
  }
  const sweep = shared ? setInterval(() => sweepAbandonedWork(core, delivering), ABANDONED_WORK_SWEEP_MS).unref() : undefined;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : core.config.port;
  const url = `http://${core.config.host.includes(':') ? `[${core.config.host}]` : core.config.host}:${port}`;
  // Single-use and valid 10 minutes; `facturador login-url` makes another while this server runs.
  const loginUrl = loginLink(url, app.browserSessions.issueLoginToken());
  core.log.info(`sign in from a browser (once, within 10 minutes): ${loginUrl}`);
  // The pid file tells `facturador restore` that this process holds the database open, and
  // `facturador login-url` where it answers.
  writeServerLock(core.config.dataDir, { pid: process.pid, url, startedAt: core.startedAt.toISOString() });
  let backups: BackupSchedule | undefined;
  if (options.autoBackup ?? process.env['FACTURADOR_AUTO_BACKUP'] !== 'off') {
    // On PostgreSQL one process of those sharing the database backs it up, with pg_dump (docs/postgresql.md).
    const leader = shared ? () => holdsLeadership(core.store.db, BACKUP_LEADER) : undefined;
    backups = startBackupSchedule({ db: core.store.db.$client, dataDir: core.config.dataDir, clock: core.clock, leader, log: { info: (m) => core.log.info(m), error: (d, m) => core.log.error(d, m) } });
  }
  return {
    core,
    app,
    url,
    loginUrl,
    close: async () => {
      clearInterval(sweep);
      await app.close();
      await backups?.stop();
      await core.close();
      removeServerLock(core.config.dataDir, process.pid);
    },
  };
}

/**
 * Refuses to start with a master key that does not open the shared database's secrets: every process on one
 * PostgreSQL must have the same FACTURADOR_MASTER_KEY, and one with another key would sign nothing and fail
 * only at its first document. Checked on a certificate PIN, when some organization has one.
 */
function checkMasterKey(core: Core): void {
  const sample = sealedPinSample(core.store.db);
  if (!sample) return;
  try {
    core.vault.decrypt(sample.sealed, vaultContext(sample.organizationId, sample.environment, 'pin'));
  } catch (error) {
    if (!(error instanceof VaultError)) throw error;
    throw new MasterKeyMismatch(`the vault's master key (from ${core.vaultKeySource}) does not open the secrets stored in this database: every process using one DATABASE_URL must be given the same FACTURADOR_MASTER_KEY (docs/postgresql.md)`);
  }
}

/** PostgreSQL: releases what processes that died left `running`; each process does it, harmlessly twice. */
function sweepAbandonedWork(core: Core, delivering: boolean): void {
  try {
    const now = core.clock.now();
    const claims = releaseAbandonedClaims(core.store.db);
    const jobs = releaseLeases(core.store.db, now);
    const prints = failInterruptedPrints(core.store.db, now);
    if (claims + jobs + prints === 0) return;
    core.log.info(`a stopped process left ${claims} idempotency claim(s), ${jobs} outbox job(s) and ${prints} print(s): released`);
    if (jobs > 0 && delivering) core.outbox.wake();
  } catch (err) {
    core.log.warn({ err }, 'the sweep for work of stopped processes failed; it runs again shortly');
  }
}
