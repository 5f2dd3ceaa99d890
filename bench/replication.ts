/**
 * Replication benchmark (issue 16): how fast a till sends a backlog to its head office. A till (SQLite, this
 * process) issues `count` tickets over HTTP with its outbox stopped — "a day offline" — and its delivery jobs
 * are dropped (the tax authority is not what is measured); then it pairs with a head office (PostgreSQL, a
 * throw-away database on the machine's server, this process too) and the clock runs from the outbox's start
 * until the head office has confirmed every document. Prints `replication_docs_per_s: N docs/s`.
 * Usage: npx tsx bench/replication.ts [count]   (bench/scale.ts imports measureReplication)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { startServer, type Server } from '../src/server.ts';
import { localAccount } from '../src/store/accounts.ts';
import { createApiKey } from '../src/store/api-keys.ts';
import { insertOrganization } from '../src/store/organizations.ts';
import { countWaitingDocuments } from '../src/store/replication-queue.ts';
import { ORGANIZATION_ABILITIES } from '../src/api/abilities.ts';
import { makeTestP12, TEST_PIN } from '../test/fixtures/certificates.ts';
import { exampleRequest } from '../test/fixtures/example-requests.ts';
import { throwawayDatabase } from '../test/helpers/postgres.ts';
import { NO_TAX_AUTHORITY } from '../test/api/harness.ts';

const CLIENTS = 16;
const MASTER_KEY = Buffer.alloc(32, 9);

async function serve(dataDir: string, databaseUrl?: string): Promise<{ server: Server; key: string; organizationId: number }> {
  const server = await startServer({ port: '0', host: '127.0.0.1', dataDir, databaseUrl }, {
    masterKey: MASTER_KEY, logger: pino({ level: 'warn' }), delivery: false, autoBackup: false, hacienda: NO_TAX_AUTHORITY,
  });
  const db = server.core.store.db;
  const now = new Date();
  const account = localAccount(db, now);
  const org = insertOrganization(db, {
    uuid: randomUUID(), accountId: account.id, name: 'Bench S.A.', identificationType: '02', identificationNumber: '3101123456',
    email: 'bench@example.cr', ratePerMinute: 1_000_000, ratePerDay: 100_000_000, createdAt: now.toISOString(), updatedAt: now.toISOString(),
  });
  const key = createApiKey(db, { accountId: account.id, organizationId: org.id, name: 'bench', mode: 'test', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, now).secret;
  return { server, key, organizationId: org.id };
}

async function call(server: Server, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { data: Record<string, unknown> };
  return { status: res.status, data: json.data };
}

/** Documents per second from a till's backlog of `count` to the head office's confirmation of the last one. */
export async function measureReplication(count = 2_000): Promise<number> {
  const tillDir = mkdtempSync(join(tmpdir(), 'facturador-bench-till-'));
  const officeDir = mkdtempSync(join(tmpdir(), 'facturador-bench-office-'));
  const database = throwawayDatabase();
  const office = await serve(officeDir, database.url);
  const till = await serve(tillDir);
  try {
    const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
    const upload = await call(till.server, till.key, 'POST', '/organizations/me/certificate', { certificate: p12, pin: TEST_PIN, atv_user: 'bench@stag.comprobanteselectronicos.go.cr', atv_password: 'x' });
    if (upload.status >= 300) throw new Error(`certificate upload: ${upload.status}`);
    let next = 0;
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        next++;
        const res = await call(till.server, till.key, 'POST', '/electronic-documents', exampleRequest('04-tiquete', new Date(Date.now() - 60_000)));
        if (res.status !== 201) throw new Error(`issue: ${res.status}`);
      }
    }));
    // Only replication is measured: the tax authority's jobs go.
    till.server.core.store.db.$client.prepare("DELETE FROM outbox_jobs WHERE kind NOT IN ('replicate-documents', 'pull-head-office')").run();
    const code = await call(office.server, office.key, 'POST', '/tills/pairing-codes', { label: 'Bench' });
    const paired = await call(till.server, till.key, 'POST', '/settings/head-office', { url: office.server.url, code: code.data['code'] });
    if (paired.status !== 201) throw new Error(`pairing: ${paired.status} ${JSON.stringify(paired.data)}`);
    const started = performance.now();
    till.server.core.outbox.start();
    while (countWaitingDocuments(till.server.core.store.db, till.organizationId) > 0) await new Promise((r) => setTimeout(r, 50));
    const seconds = (performance.now() - started) / 1000;
    const received = office.server.core.store.db.$client.prepare('SELECT count(DISTINCT clave) AS n FROM documents WHERE till_id IS NOT NULL').get() as { n: number | string };
    if (Number(received.n) !== count) throw new Error(`the head office holds ${received.n} of ${count} documents`);
    return count / seconds;
  } finally {
    await till.server.close();
    await office.server.close();
    database.drop();
    rmSync(tillDir, { recursive: true, force: true });
    rmSync(officeDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rate = await measureReplication(Number(process.argv[2] ?? 2_000));
  console.log(`replication_docs_per_s: ${rate.toFixed(1)} docs/s`);
  process.exit(0);
}
