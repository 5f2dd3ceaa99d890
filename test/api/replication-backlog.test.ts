/**
 * A till replicating 2,000 documents after a day offline (issue 16): the till is linked, the head office goes
 * away, the counter issues 2,000 tickets (the tax authority's simulator accepts them meanwhile), the head
 * office comes back, and every one of them arrives there exactly once — by clave, none missing, none twice —
 * with the till's verdicts, and the till has nothing left waiting.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import { onPostgres } from '../helpers/postgres.ts';
import { startHeadOffice, type HeadOffice } from '../helpers/head-office.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { updateOrganization } from '../../src/store/organizations.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';

const COUNT = 2_000;
const CLIENTS = 16;

let office: HeadOffice;
let till: TestServer;
let org: SeededOrganization;
let simulator: Simulator;

beforeAll(async () => {
  if (onPostgres) return;
  office = await startHeadOffice();
  ({ t: till, org, simulator } = await startDelivering());
  // A busy counter's day, not an abusive client: no per-minute limit in the way.
  updateOrganization(till.server.core.store.db, org.row.id, { ratePerMinute: 1_000_000, ratePerDay: 100_000_000 });
}, 60_000);
afterAll(async () => {
  await till?.close();
  await simulator?.close();
  await office?.close();
});

async function until<T>(what: string, read: () => T | Promise<T>, check: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 250));
    last = await read();
  }
  return last;
}

const atTill = (method: string, path: string, body?: unknown) => till.call(method, path, { key: org.key, body });

// The head office is on PostgreSQL on both sides of the matrix; a till is the desktop's SQLite, so the
// PostgreSQL side (a till on PostgreSQL) would only run the same 2,000 documents again, slower.
it.skipIf(onPostgres)('2,000 documents issued while the head office was away all arrive there exactly once', async () => {
  const code = (await office.call('POST', '/tills/pairing-codes', { label: 'Caja 7' })).body.data.code as string;
  expect((await atTill('POST', '/settings/head-office', { url: office.url, code })).status).toBe(201);
  await office.stop();

  const claves: string[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < COUNT) {
      next++;
      const res = await atTill('POST', '/electronic-documents', exampleRequest('04-tiquete', new Date(Date.now() - 60_000)));
      expect(res.status, res.text).toBe(201);
      claves.push(res.body.data.document_key);
    }
  }));
  expect(new Set(claves).size).toBe(COUNT);
  // The day goes on: the tax authority accepts them all, and the till still holds them for the head office.
  const db = till.server.core.store.db.$client;
  await until('the verdicts at the till', () => db.prepare("SELECT count(*) AS n FROM documents WHERE status = 'accepted'").get() as { n: number | string },
    (r) => Number(r.n) === COUNT, 120_000);
  expect((await atTill('GET', '/settings/head-office')).body.data.pending_documents).toBe(COUNT);

  await office.start();
  const started = Date.now();
  // Someone at the till presses "sync now" (otherwise the outbox's backoff, at most a minute, brings it back).
  expect((await atTill('POST', '/settings/head-office/sync')).status).toBe(200);
  await until('nothing waiting at the till', async () => (await atTill('GET', '/settings/head-office')).body.data,
    (d) => d.pending_documents === 0 && d.last_error === null, 120_000);
  const seconds = (Date.now() - started) / 1000;

  const rows = office.query<{ clave: string; n: number | string; status: string }>(
    'SELECT clave, count(*) AS n, max(status) AS status FROM documents WHERE till_id IS NOT NULL GROUP BY clave');
  expect(rows.length).toBe(COUNT);
  expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
  expect(new Set(rows.map((r) => r.clave))).toEqual(new Set(claves));
  expect(rows.filter((r) => r.status !== 'accepted')).toEqual([]);
  const till_ = office.query<{ documents_received: number | string }>('SELECT documents_received FROM tills');
  expect(Number(till_[0]!.documents_received)).toBe(COUNT);
  console.log(`replication after a day offline: ${COUNT} documents in ${seconds.toFixed(1)} s`);
}, 300_000);
