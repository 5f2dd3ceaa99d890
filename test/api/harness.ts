/**
 * API test harness: the real server on port 0 over a temporary data directory, called over HTTP.
 * `seedOrganization` creates an organization and its key straight in the store, so that tests of one
 * route group do not depend on another's routes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { startServer, type Server } from '../../src/server.ts';
import { matrixDatabase } from '../helpers/postgres.ts';
import type { Clock } from '../../src/domain/clock.ts';
import type { HaciendaConfig } from '../../src/hacienda/config.ts';
import { startSimulator } from '../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { localAccount, updateAccount } from '../../src/store/accounts.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { insertOrganization, type OrganizationRow } from '../../src/store/organizations.ts';
import { ACCOUNT_ABILITIES, ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';

export const TEST_MASTER_KEY = Buffer.alloc(32, 7);

export interface Reply<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestServer {
  server: Server;
  url: string;
  dataDir: string;
  /** The server's PostgreSQL database on the matrix's PostgreSQL side (undefined on SQLite). */
  databaseUrl?: string;
  /** An account key (account:manage) of the local account. */
  accountKey: string;
  call<T = any>(method: string, path: string, options?: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<Reply<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Stops the server and starts it again on the same data directory (`samePort`: and the same port, as `npm start` would). */
  restart(options?: { samePort?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface StartOptions {
  dataDir?: string;
  clock?: Clock;
  /** Start the outbox worker (default false: API tests look at documents before delivery). */
  delivery?: boolean;
  /** Tax-authority endpoints, e.g. a local simulator's. */
  hacienda?: HaciendaConfig;
}

/**
 * Where a test server without a simulator finds the tax authority: nowhere (the discard port of this
 * machine refuses at once), so no test ever reaches the real one — e.g. the ATV credentials check of a
 * certificate upload sees it unreachable and stores them unverified.
 */
export const NO_TAX_AUTHORITY: HaciendaConfig = {
  staging: { idpUrl: 'http://127.0.0.1:9/token', apiUrl: 'http://127.0.0.1:9/' },
  production: { idpUrl: 'http://127.0.0.1:9/token', apiUrl: 'http://127.0.0.1:9/' },
  publicApiUrl: 'http://127.0.0.1:9/',
};

/** A response as a Reply: its body parsed as JSON when it is JSON, else the text (files: XML, PDF). */
export async function replyOf<T = any>(res: Response): Promise<Reply<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: files (XML, PDF)
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'facturador-api-'));
  // On the matrix's PostgreSQL side, a database of this server's own (test/helpers/postgres.ts).
  const database = options.dataDir ? undefined : matrixDatabase();
  const boot = (port = '0') => startServer({ port, host: '127.0.0.1', dataDir, databaseUrl: database?.url }, { masterKey: TEST_MASTER_KEY, logger: pino({ level: process.env['FACTURADOR_TEST_LOG'] ?? 'silent' }), clock: options.clock, delivery: options.delivery ?? false, hacienda: options.hacienda ?? NO_TAX_AUTHORITY });
  let server = await boot();
  const now = new Date();
  const account = localAccount(server.core.store.db, now);
  const accountKey = createApiKey(server.core.store.db, { accountId: account.id, organizationId: null, name: 'test account key', mode: 'test', abilities: [...ACCOUNT_ABILITIES], expiresAt: null }, now).secret;
  const harness: TestServer = {
    get server() {
      return server;
    },
    get url() {
      return server.url;
    },
    dataDir,
    databaseUrl: database?.url,
    accountKey,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.key) headers['authorization'] = `Bearer ${opts.key}`;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
      return replyOf(await fetch(`${server.url}${path.startsWith('/api/') ? path : `/api/v1${path}`}`, { method, headers, body }));
    },
    async restart(restartOptions = {}) {
      const port = restartOptions.samePort ? new URL(server.url).port : '0';
      await server.close();
      server = await boot(port);
    },
    async close() {
      await server.close();
      database?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Every tax-authority endpoint of a local simulator: IdP, recepción, and the public API (taxpayers, exchange rates). */
export function simulatorConfig(simulator: Simulator): HaciendaConfig {
  return {
    staging: { idpUrl: simulator.idpUrlStaging, apiUrl: simulator.apiUrl },
    production: { idpUrl: simulator.idpUrlProduction, apiUrl: simulator.apiUrl },
    publicApiUrl: simulator.publicApiUrl,
  };
}

/** A simulator on port 0 and a test server pointed at it, both on `clock`; `close` stops both. */
export async function startWithSimulator(options: { clock?: Clock } = {}): Promise<{ simulator: Simulator; t: TestServer; close(): Promise<void> }> {
  const simulator = await startSimulator({ port: 0, clock: options.clock });
  const t = await startTestServer({ clock: options.clock, hacienda: simulatorConfig(simulator) });
  return {
    simulator,
    t,
    close: async () => {
      await t.close();
      await simulator.close();
    },
  };
}

export interface SeededOrganization {
  row: OrganizationRow;
  uuid: string;
  /** A test key of the organization with every organization ability. */
  key: string;
}

/** An organization (persona jurídica 3101123456 unless told otherwise) and a test key for it. */
export function seedOrganization(t: TestServer, overrides: Partial<Parameters<typeof insertOrganization>[1]> = {}, keyOptions: { abilities?: string[]; mode?: 'test' | 'live' } = {}): SeededOrganization {
  const db = t.server.core.store.db;
  const now = new Date().toISOString();
  const account = localAccount(db, new Date());
  const row = insertOrganization(db, {
    uuid: randomUUID(),
    accountId: account.id,
    name: 'Soluciones Tecnológicas del Valle',
    legalName: 'Soluciones Tecnológicas del Valle S.A.',
    identificationType: '02',
    identificationNumber: '3101123456',
    email: 'facturas@tecnovalle.example.cr',
    economicActivities: ['620100'],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
  const key = createApiKey(db, {
    accountId: account.id,
    organizationId: row.id,
    name: 'test org key',
    mode: keyOptions.mode ?? 'test',
    abilities: keyOptions.abilities ?? [...ORGANIZATION_ABILITIES],
    expiresAt: null,
  }, new Date()).secret;
  return { row, uuid: row.uuid, key };
}

/** Puts the local account on a paid plan so that live keys work. */
export function activatePlan(t: TestServer, plan = 'business'): void {
  const db = t.server.core.store.db;
  const account = localAccount(db, new Date());
  updateAccount(db, account.id, { plan, status: 'active' }, new Date());
}

/** A live key (production) of a seeded organization, every organization ability; puts the account on a paid plan first. */
export function liveKeyOf(t: TestServer, org: SeededOrganization): string {
  activatePlan(t);
  const db = t.server.core.store.db;
  return createApiKey(db, { accountId: org.row.accountId, organizationId: org.row.id, name: 'live org key', mode: 'live', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, new Date()).secret;
}

/**
 * A seeder of fresh organizations, each with its own cédula jurídica counted up from `base` (tests of one
 * file then never share an organization). `server` is read at call time: files start theirs in beforeAll.
 */
export function organizationSeeder(server: () => TestServer, base: number) {
  let serial = 0;
  return (keyOptions: Parameters<typeof seedOrganization>[2] = {}): SeededOrganization =>
    seedOrganization(server(), { identificationNumber: String(base + ++serial) }, keyOptions);
}

/** The ATV user and password of the simulator that `startDelivering` starts. */
export const SIMULATOR_USER = 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr';
export const SIMULATOR_PASSWORD = 'contraseña-ATV';

/**
 * The whole way to the tax authority: a simulator on port 0, a server delivering to it, and an organization
 * whose certificate and ATV credentials are uploaded, so its documents end accepted or rejected.
 */
export async function startDelivering(options: { clock?: Clock } = {}): Promise<{ simulator: Simulator; t: TestServer; org: SeededOrganization }> {
  const simulator = await startSimulator({ port: 0, users: { [SIMULATOR_USER]: SIMULATOR_PASSWORD } });
  const t = await startTestServer({ delivery: true, clock: options.clock, hacienda: simulatorConfig(simulator) });
  const org = seedOrganization(t);
  await giveCertificate(t, org, { user: SIMULATOR_USER, password: SIMULATOR_PASSWORD });
  return { simulator, t, org };
}

/** Uploads the test certificate (and ATV credentials) for the organization's key; throws when refused. */
export async function giveCertificate(t: TestServer, org: SeededOrganization, atv = { user: 'u@stag.comprobanteselectronicos.go.cr', password: 'x' }): Promise<void> {
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  const res = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { certificate: p12, pin: TEST_PIN, atv_user: atv.user, atv_password: atv.password } });
  if (res.status >= 300) throw new Error(`certificate upload failed: ${res.text}`);
}
