/**
 * Composition root: config -> store -> vault -> catalogs -> issuing pipeline -> (hacienda client, outbox
 * workers: next issue) -> api.
 * Everything time- or randomness-dependent is injected here so tests can control it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';
import { systemClock, type Clock } from './domain/clock.ts';
import { openStore, DATABASE_FILE, type Store } from './store/database.ts';
import { localAccount } from './store/accounts.ts';
import { Vault } from './secrets/vault.ts';
import { resolveMasterKey, type MasterKeySource } from './secrets/master-key.ts';
import { shippedCabysCatalog, type CabysCatalog } from './catalogs/cabys-catalog.ts';
import { RateLimiter } from './api/rate-limit.ts';
import { IssuePipeline } from './documents/issue-pipeline.ts';
import { issuingBackend } from './store/issuing.ts';

export interface Core {
  config: Config;
  store: Store;
  vault: Vault;
  vaultKeySource: MasterKeySource;
  clock: Clock;
  cabys: CabysCatalog;
  rateLimiter: RateLimiter;
  /** Numbers, signs and saves documents in batches (documents/issue-pipeline.ts). */
  issuing: IssuePipeline;
  log: Logger;
  startedAt: Date;
  close(): void;
}

export interface CoreOptions {
  clock?: Clock;
  logger?: Logger;
  /** A master key from the desktop shell (Electron safeStorage) or tests, bypassing the providers. */
  masterKey?: Buffer;
}

export function createCore(config: Config, options: CoreOptions = {}): Core {
  const log = options.logger ?? pino({ level: config.logLevel, redact: ['req.headers.authorization', '*.pin', '*.atv_password', '*.certificate'] });
  const clock = options.clock ?? systemClock;
  mkdirSync(config.dataDir, { recursive: true });
  const store = openStore(join(config.dataDir, DATABASE_FILE), { log: (m) => log.info(m) });
  localAccount(store.db, clock.now());
  const master = options.masterKey
    ? { key: options.masterKey, source: 'given' as const }
    : resolveMasterKey({ dataDir: config.dataDir, warn: (m) => log.warn(m) });
  return {
    config,
    store,
    vault: new Vault(master.key),
    vaultKeySource: master.source,
    clock,
    // Read on first use: start-up stays fast, and the first document pays ~40 ms once.
    get cabys() {
      return shippedCabysCatalog();
    },
    rateLimiter: new RateLimiter(),
    issuing: new IssuePipeline(issuingBackend(store, clock)),
    log,
    startedAt: clock.now(),
    close: () => store.close(),
  };
}
