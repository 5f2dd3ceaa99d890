/**
 * Processes sharing a PostgreSQL database must share the vault's master key (docs/postgresql.md): a process
 * started with another key refuses to start, naming the cause, instead of failing later on every document
 * it signs. Beside the crash tests because, like them, it needs the machine's PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MasterKeyMismatch, startServer } from '../../src/server.ts';
import { openStore } from '../../src/store/database.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { insertOrganization } from '../../src/store/organizations.ts';
import { saveCredentials } from '../../src/store/credentials.ts';
import { Vault } from '../../src/secrets/vault.ts';
import { vaultContext } from '../../src/organizations/vault-context.ts';
import { throwawayDatabase, type ThrowawayDatabase } from '../helpers/postgres.ts';

const RIGHT_KEY = Buffer.alloc(32, 3);
const WRONG_KEY = Buffer.alloc(32, 4);
let database: ThrowawayDatabase;
const dirs: string[] = [];

beforeAll(() => {
  database = throwawayDatabase();
  const store = openStore(database.url);
  const now = new Date().toISOString();
  const account = localAccount(store.db, new Date());
  const org = insertOrganization(store.db, {
    uuid: randomUUID(), accountId: account.id, name: 'Cadena', identificationType: '02', identificationNumber: '3101123456',
    email: 'a@example.cr', createdAt: now, updatedAt: now,
  });
  const pin = new Vault(RIGHT_KEY).encrypt('1234', vaultContext(org.id, 'staging', 'pin'));
  saveCredentials(store.db, { organizationId: org.id, environment: 'staging', pin, createdAt: now, updatedAt: now });
  store.close();
}, 60_000);

afterAll(() => {
  database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const start = (masterKey: Buffer) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'facturador-pgkey-'));
  dirs.push(dataDir);
  return startServer({ port: '0', host: '127.0.0.1', dataDir, databaseUrl: database.url }, { masterKey, logger: pino({ level: 'silent' }), delivery: false, autoBackup: false });
};

describe('one master key for every process on one PostgreSQL', () => {
  it('refuses to start with a key that does not open the stored secrets, and starts with the right one', async () => {
    await expect(start(WRONG_KEY)).rejects.toThrow(MasterKeyMismatch);
    await expect(start(WRONG_KEY)).rejects.toThrow(/same FACTURADOR_MASTER_KEY/);
    const server = await start(RIGHT_KEY);
    await server.close();
  }, 60_000);
});
