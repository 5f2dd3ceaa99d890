/**
 * A head office for replication tests (docs/replication.md): a real server on a throw-away PostgreSQL
 * database, with an organization of the given identification and a key of it, that can be stopped and started
 * again on the same port and database — a till's link names its address, so an outage must end there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { startServer, type Server } from '../../src/server.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { insertOrganization } from '../../src/store/organizations.ts';
import { ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';
import { throwawayDatabase } from './postgres.ts';
import { NO_TAX_AUTHORITY, replyOf, TEST_MASTER_KEY, type Reply } from '../api/harness.ts';

export interface HeadOffice {
  url: string;
  /** An organization key (every ability) of the head office's organization. */
  key: string;
  server(): Server;
  call<T = any>(method: string, path: string, body?: unknown): Promise<Reply<T>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Rows of a query on the head office's database. */
  query<T>(sql: string, ...params: unknown[]): T[];
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startHeadOffice(identificationNumber = '3101123456', name = 'Casa Matriz del Valle'): Promise<HeadOffice> {
  const dataDir = mkdtempSync(join(tmpdir(), 'facturador-head-office-'));
  const database = throwawayDatabase();
  let port = '0';
  let server: Server | undefined;
  const boot = async () => {
    server = await startServer({ port, host: '127.0.0.1', dataDir, databaseUrl: database.url }, {
      masterKey: TEST_MASTER_KEY, logger: pino({ level: process.env['FACTURADOR_TEST_LOG'] ?? 'silent' }), delivery: true, autoBackup: false, hacienda: NO_TAX_AUTHORITY,
    });
    port = new URL(server.url).port;
  };
  await boot();
  const db = server!.core.store.db;
  const now = new Date();
  const account = localAccount(db, now);
  const org = insertOrganization(db, {
    uuid: randomUUID(), accountId: account.id, name, legalName: `${name} S.A.`, identificationType: '02', identificationNumber,
    email: 'matriz@example.cr', economicActivities: ['620100'], createdAt: now.toISOString(), updatedAt: now.toISOString(),
  });
  const key = createApiKey(db, { accountId: account.id, organizationId: org.id, name: 'head office key', mode: 'test', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, now).secret;
  const url = server!.url;
  const live = () => {
    if (!server) throw new Error('the head office is stopped');
    return server;
  };
  return {
    url,
    key,
    server: live,
    async call(method, path, body) {
      return replyOf(await fetch(`${url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
    },
    query: <T>(sql: string, ...params: unknown[]) => live().core.store.db.$client.prepare(sql).all(...params) as T[],
    async stop() {
      await live().close();
      server = undefined;
    },
    start: boot,
    async close() {
      await server?.close();
      server = undefined;
      database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
