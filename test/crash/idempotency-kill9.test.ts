/**
 * X-Idempotency-Key across a kill -9 (issue 4, "Crash and fault tests"). A point-of-sale whose request died
 * with the server retries it with the same key after the restart; the spec promises the stored answer for a
 * repeat and `idempotency_in_progress` only "while the first is still running" — and after a crash nothing
 * is running any more. So each retry must end in a 201 (fresh, or the first request's answer replayed), and
 * no key may end up with two documents.
 *
 * How: the key is bound to its document in the document's own transaction (state `issued`), so a retry
 * finds the document and gets its 201 replayed; claims still `running` at start-up belonged to requests that
 * committed nothing and are released (src/store/idempotency.ts, src/api/plugins/idempotency-replay.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openStore } from '../../src/store/database.ts';
import { localAccount } from '../../src/store/accounts.ts';
import { insertOrganization } from '../../src/store/organizations.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { ORGANIZATION_ABILITIES } from '../../src/api/abilities.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';


const CONCURRENT = 16;
let dataDir: string;
let orgKey: string;
let server: ServerProcess | undefined;

const env = (): NodeJS.ProcessEnv => ({
  ...process.env,
  FACTURADOR_KEYRING: 'off',
  FACTURADOR_MASTER_KEY: '07'.repeat(32),
  FACTURADOR_DELIVERY: 'off', // only issuing matters here
  LOG_LEVEL: 'info',
});


interface Request { key: string; body: string }

async function post(request: Request): Promise<{ status: number; code?: string; documentKey?: string } | undefined> {
  try {
    const res = await fetch(`${server!.url}/api/v1/electronic-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${orgKey}`, 'content-type': 'application/json', 'x-idempotency-key': request.key },
      body: request.body,
    });
    const json = await res.json() as { data?: { document_key?: string }; error?: { code?: string } };
    return { status: res.status, code: json.error?.code, documentKey: json.data?.document_key };
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'facturador-idem-'));
  const store = openStore(join(dataDir, DATABASE_FILE));
  const now = new Date();
  const account = localAccount(store.db, now);
  const org = insertOrganization(store.db, {
    uuid: randomUUID(), accountId: account.id, name: 'TecnoValle', identificationType: '02', identificationNumber: '3101123456',
    email: 'facturas@tecnovalle.example.cr', economicActivities: ['620100'], ratePerMinute: 1_000_000, createdAt: now.toISOString(), updatedAt: now.toISOString(),
  });
  orgKey = createApiKey(store.db, { accountId: account.id, organizationId: org.id, name: 'k', mode: 'test', abilities: [...ORGANIZATION_ABILITIES], expiresAt: null }, now).secret;
  store.close();
}, 30_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('X-Idempotency-Key after kill -9', () => {
  it('a request cut off by the crash, retried with its key after the restart, gets its one document', async () => {
    server = await startServerProcess(dataDir, env());
    const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
    const cert = await fetch(`${server.url}/api/v1/organizations/me/certificate`, {
      method: 'POST', headers: { authorization: `Bearer ${orgKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ certificate: p12, pin: TEST_PIN, atv_user: 'cpj@stag.comprobanteselectronicos.go.cr', atv_password: 'x' }),
    });
    expect(cert.status).toBeLessThan(300);

    // Requests in flight when the server dies, until one of them had its key claimed (the state to test).
    const documentOf = new Map<string, string>(); // idempotency key → document key
    const cutOff: Request[] = [];
    const db = () => new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    let claimed = 0;
    for (let round = 0; round < 5 && claimed === 0; round++) {
      if (round > 0) server = await startServerProcess(dataDir, env());
      const requests = Array.from({ length: CONCURRENT }, (): Request => {
        const body = exampleRequest('04-tiquete', new Date(Date.now() - 5_000));
        return { key: randomUUID(), body: JSON.stringify(body) };
      });
      let first!: () => void;
      const firstAnswer = new Promise<void>((resolve) => (first = resolve));
      const answers = Promise.all(requests.map(async (request) => {
        const answer = await post(request);
        if (answer?.status === 201) {
          documentOf.set(request.key, answer.documentKey!);
          first();
        } else {
          cutOff.push(request);
        }
      }));
      await Promise.race([firstAnswer, answers]);
      await server.kill9();
      await answers;
      const reader = db();
      claimed = (reader.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE state = 'running'").get() as { n: number }).n;
      reader.close();
    }
    expect(claimed, 'a request cut off after its key was claimed').toBeGreaterThan(0);

    const before = db();
    const committed = (before.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n - documentOf.size;
    before.close();
    console.log(`${cutOff.length} requests cut off by kill -9: ${claimed} keys left claimed ('running'), ${committed} documents committed without their answer`);

    server = await startServerProcess(dataDir, env());
    const retries = await Promise.all(cutOff.map(async (request) => ({ request, answer: await post(request) })));
    for (const { request, answer } of retries) if (answer?.status === 201) documentOf.set(request.key, answer.documentKey!);
    expect(retries.filter((r) => r.answer?.status !== 201).map((r) => `${r.answer?.status} ${r.answer?.code}`), 'retries after the restart').toEqual([]);
    const reader = db();
    const stored = (reader.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n;
    reader.close();
    expect(stored, 'one document per idempotency key').toBe(documentOf.size);
  }, 120_000);
});
