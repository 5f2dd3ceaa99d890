/**
 * Crash test of several processes on one PostgreSQL (issue 16): three `facturador serve` child processes, each
 * with its own data directory, share one database (a throw-away one, test/helpers/postgres.ts) and one
 * FACTURADOR_MASTER_KEY, and deliver to the local tax-authority simulator (behind the counting proxy of
 * kill9.test.ts) and to a webhook receiver. Clients issue tickets over HTTP, each request to one of the
 * processes at random; meanwhile one process at a time is killed with SIGKILL at a random moment and started
 * again. Requests whose answer the kill swallowed are sent again, with the same X-Idempotency-Key, to any
 * process. Once everything has settled the test checks:
 *   - every request answered 201 is stored, with its number, and its signed XML is byte for byte the one the
 *     tax authority received;
 *   - consecutives are exactly 1..n per counter (branch/terminal/type) and the counter stands at n+1;
 *   - the tax authority took every document exactly once (one 202 per clave, none unknown); a resubmission
 *     ("ya fue recibido") happens only for a job a kill interrupted, so at most once per kill per clave;
 *   - every webhook event reached the receiver, and at most once more per kill (the copy in flight when its
 *     process died); no outbox job or delivery failed;
 *   - work a killed process held went again without waiting for its lease (docs/postgresql.md).
 * CRASH_SEED=<n> repeats the schedule (the exact kill instants still depend on timing).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { openStore } from '../../src/store/database.ts';
import { PgClient } from '../../src/store/postgres/pg-client.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { throwawayDatabase, type ThrowawayDatabase } from '../helpers/postgres.ts';
import { startReceiver, type Receiver } from '../unit/webhooks/receiver.ts';
import { startRecepcionProxy, type RecepcionProxy } from './recepcion-proxy.ts';
import { crashServerEnv, jsonOrUndefined, noteCreated, orgApi, prng, seedCrashOrganization, sleep, ticketRequest } from './crash-kit.ts';
import { runsBundle, startServerProcess, type ServerProcess } from './server-process.ts';

const PROCESSES = 3;
const TOTAL = 200; // documents that must get a 201
const KILLS = 4;
const CLIENTS = 9;
const DRAIN_DEADLINE_MS = 40_000;
const USER = 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr';
const PASSWORD = 'contraseña-ATV';
const MASTER_KEY_HEX = '0b'.repeat(32);
const EVENTS = ['document.signed', 'document.accepted', 'document.rejected'];
const FINAL = new Set(['accepted', 'rejected']);

const SEED = Number(process.env['CRASH_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const random = prng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

interface Request { idemKey: string; body: unknown }
interface Answer { status: number; body: { data?: { document_key?: string; consecutive_number?: string }; error?: { code?: string } } | undefined; text: string }

let database: ThrowawayDatabase;
let dataDirs: string[] = [];
let simulator: Simulator;
let proxy: RecepcionProxy;
let receiver: Receiver;
const servers: (ServerProcess | undefined)[] = [];
let orgKey = '';
let orgId = 0;

const answered = new Map<string, { idemKey: string; consecutive: string }>();
let lost: Request[] = [];
const unexpected: string[] = [];
let inProgress = 0; // 409 idempotency_in_progress on a retry: the claim of a live request elsewhere, or not yet released
let stop = false;

function serverEnv(): NodeJS.ProcessEnv {
  return crashServerEnv(proxy.url, MASTER_KEY_HEX, { DATABASE_URL: database.url, FACTURADOR_AUTO_BACKUP: 'off' });
}

const newRequest = (): Request => ticketRequest(random);

/** A live process at random (undefined while none is: all three never are down at once). */
const anyServer = () => {
  const live = servers.filter((s): s is ServerProcess => s !== undefined);
  return live.length > 0 ? pick(live) : undefined;
};

async function post(server: ServerProcess, request: Request): Promise<Answer | undefined> {
  try {
    const res = await fetch(`${server.url}/api/v1/electronic-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${orgKey}`, 'content-type': 'application/json', 'x-idempotency-key': request.idemKey },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    return { status: res.status, body: jsonOrUndefined<Answer['body']>(text), text };
  } catch {
    return undefined; // its process died under the request (or was down): no answer seen
  }
}

/** Notes an answer: a 201, a retry told "in progress" (sent again later), or nothing (lost to a kill). */
function record(server: ServerProcess, request: Request, answer: Answer | undefined, retry: boolean): void {
  if (!answer) {
    lost.push(request);
    return;
  }
  if (noteCreated(answered, unexpected, request, answer)) {
    return;
  }
  if (retry && answer.status === 409 && answer.body?.error?.code === 'idempotency_in_progress') {
    inProgress++;
    lost.push(request); // the claim of the killed process's request: released within the sweep, then retried
    return;
  }
  unexpected.push(`${answer.status} ${answer.text.slice(0, 300)}`);
  if (answer.status >= 500) setTimeout(() => unexpected.push(server.output().slice(-3000)), 300).unref();
}

function startClients(): Promise<void[]> {
  return Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (!stop && answered.size < TOTAL) {
      const server = anyServer();
      if (!server) {
        await sleep(20);
        continue;
      }
      const request = newRequest();
      record(server, request, await post(server, request), false);
    }
  }));
}

/** The requests whose answers a kill swallowed, again with the same key, to any live process. */
async function retryLost(): Promise<void> {
  const again = lost;
  lost = [];
  for (const request of again) {
    const server = anyServer()!;
    record(server, request, await post(server, request), true);
  }
}

async function startProcess(i: number): Promise<ServerProcess> {
  const server = await startServerProcess(dataDirs[i]!, serverEnv());
  servers[i] = server;
  return server;
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return orgApi(anyServer()!.url, orgKey, method, path, body);
}

beforeAll(async () => {
  console.log(`PostgreSQL crash test seed: ${SEED} (CRASH_SEED=${SEED} repeats the schedule)`);
  database = throwawayDatabase();
  dataDirs = Array.from({ length: PROCESSES }, () => mkdtempSync(join(tmpdir(), 'facturador-pgcrash-')));
  simulator = await startSimulator({ port: 0, users: { [USER]: PASSWORD } });
  proxy = await startRecepcionProxy(simulator.url, random);
  receiver = await startReceiver();
  // The organization and its key, written straight into the shared database (which this also migrates).
  const store = openStore(database.url);
  ({ orgId, orgKey } = seedCrashOrganization(store, 'Cadena del Valle', 'facturas@cadena.example.cr', 'pg crash test'));
}, 60_000);

afterAll(async () => {
  stop = true;
  await Promise.all(servers.map((s) => s?.stop()));
  await proxy?.close();
  await simulator?.close();
  await receiver?.close();
  database?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('three serve processes on one PostgreSQL, kill -9 of any of them', () => {
  it(`every 201 of ${TOTAL} tickets is stored, numbered 1..n per counter, taken by the tax authority once, its events delivered`, async () => {
    const started = Date.now();
    const log: string[] = [`servers from ${runsBundle(serverEnv()) ? 'the bundle' : 'the sources (tsx)'}`];
    await Promise.all(Array.from({ length: PROCESSES }, (_, i) => startProcess(i)));
    log.push(`3 processes started in ${Math.max(...servers.map((s) => s!.startMs))} ms`);
    const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
    const cert = await api('POST', '/organizations/me/certificate', { certificate: p12, pin: TEST_PIN, atv_user: USER, atv_password: PASSWORD });
    expect(cert.status, JSON.stringify(cert.body)).toBeLessThan(300);
    const hook = await api('POST', '/webhooks', { name: 'Head office', url: receiver.url(), events: EVENTS, max_retries: 10 });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);

    // Kills spread over the issuing; a killed process starts again in the background (a few seconds), so the
    // next kill may come while it is still down: never the last live one.
    const issuingStarted = Date.now();
    const clients = startClients();
    const restarts: Promise<void>[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      const at = Math.round((TOTAL * (kill + 1)) / (KILLS + 1)) + Math.floor(random() * 15) - 7;
      while (answered.size < at || servers.filter(Boolean).length < 2) await sleep(5);
      await sleep(Math.floor(random() * 40));
      const victim = pick(servers.map((s, i) => (s ? i : -1)).filter((i) => i >= 0));
      const killed = servers[victim]!;
      servers[victim] = undefined;
      await killed.kill9();
      const killedAt = answered.size;
      restarts.push(startProcess(victim).then((restarted) => {
        log.push(`kill ${kill + 1}: process ${victim + 1} at ${killedAt} 201s, back in ${restarted.startMs} ms`);
      }));
      void retryLost();
    }
    await clients;
    log.push(`${answered.size} 201s in ${Date.now() - issuingStarted} ms of issuing`);
    await Promise.all(restarts);
    for (let round = 0; lost.length > 0 && round < 40; round++) {
      await retryLost();
      if (lost.length > 0) await sleep(500);
    }
    expect(lost, 'requests never answered after their retries').toEqual([]);
    // What the processes released of their dead neighbours' work (server.ts: at start-up and every 10 s).
    for (const [i, server] of servers.entries()) {
      const output = server!.output();
      const atStart = [...output.matchAll(/outbox: (\d+) job\(s\) interrupted|idempotency: (\d+) claim\(s\)/g)].map((m) => m[0]);
      const swept = [...output.matchAll(/a stopped process left (\d+) idempotency claim\(s\), (\d+) outbox job\(s\)/g)].map((m) => `${m[1]} claims + ${m[2]} jobs`);
      log.push(`process ${i + 1} (last run): released at start [${atStart.join('; ')}], swept [${swept.join('; ')}]`);
    }

    const db = new PgClient(database.url);
    try {
      const count = (sql: string, ...params: unknown[]) => Number((db.prepare(sql).get(...params) as { n: number | string }).n);
      const drainStarted = Date.now();
      while (count("SELECT COUNT(*) AS n FROM documents WHERE status NOT IN ('accepted', 'rejected')") + count("SELECT COUNT(*) AS n FROM outbox_jobs WHERE status IN ('pending', 'running')") > 0) {
        if (Date.now() - drainStarted > DRAIN_DEADLINE_MS) {
          const waiting = db.prepare("SELECT kind, status, attempts, run_at, lease_until, last_error FROM outbox_jobs WHERE status IN ('pending', 'running') ORDER BY run_at LIMIT 5").all();
          throw new Error(`not settled after ${DRAIN_DEADLINE_MS} ms (seed ${SEED}): ${JSON.stringify(waiting)}\n${servers[0]!.output().slice(-2000)}`);
        }
        await sleep(200);
      }
      log.push(`settled ${Date.now() - drainStarted} ms after the last request`);

      expect(unexpected, `seed ${SEED}`).toEqual([]);
      expect(answered.size).toBeGreaterThanOrEqual(TOTAL);

      // Every 201 is stored with its number, and its signed XML is exactly what the tax authority received.
      const docs = db.prepare('SELECT clave, consecutive, status, signed_xml FROM documents WHERE organization_id = ? AND environment = ?').all(orgId, 'staging') as { clave: string; consecutive: string; status: string; signed_xml: Buffer }[];
      const byClave = new Map(docs.map((d) => [d.clave, d]));
      const submitted = new Map(simulator.received().map((r) => [r.clave, Buffer.from(r.body.comprobanteXml, 'base64')]));
      for (const [clave, { consecutive }] of answered) {
        const doc = byClave.get(clave);
        expect(doc, `${clave} answered 201 but not stored`).toBeDefined();
        expect(doc!.consecutive).toBe(consecutive);
        expect(Buffer.from(doc!.signed_xml).equals(submitted.get(clave) ?? Buffer.alloc(0)), `signed XML of ${clave}`).toBe(true);
      }
      for (const doc of docs) expect(FINAL.has(doc.status), `${doc.clave} is ${doc.status}`).toBe(true);

      // The tax authority took each exactly once; a resubmission only for a job a kill interrupted.
      for (const doc of docs) {
        expect(proxy.accepted.get(doc.clave) ?? 0, `receptions of ${doc.clave}`).toBe(1);
        expect(proxy.duplicates.get(doc.clave) ?? 0, `resubmissions of ${doc.clave}`).toBeLessThanOrEqual(KILLS);
      }
      expect([...proxy.accepted.keys()].filter((clave) => !byClave.has(clave))).toEqual([]);

      // Consecutives per counter exactly 1..n, and the counter at n + 1.
      const groups = new Map<string, number[]>();
      for (const doc of docs) {
        const counter = doc.consecutive.slice(0, 10);
        groups.set(counter, [...(groups.get(counter) ?? []), Number(doc.consecutive.slice(10))]);
      }
      const counters = db.prepare('SELECT branch, terminal, document_type, next_value FROM counters WHERE organization_id = ? AND environment = ?').all(orgId, 'staging') as { branch: string; terminal: string; document_type: string; next_value: number | string }[];
      expect(counters.map((c) => `${c.branch}${c.terminal}${c.document_type}`).sort()).toEqual([...groups.keys()].sort());
      for (const c of counters) {
        const numbers = groups.get(`${c.branch}${c.terminal}${c.document_type}`)!.sort((a, b) => a - b);
        expect(numbers, `counter ${c.branch}/${c.terminal}/${c.document_type}`).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
        expect(Number(c.next_value)).toBe(numbers.length + 1);
      }

      // Every event reached the receiver; a repeat only for a delivery a kill interrupted.
      const events = db.prepare(`SELECT uuid, type FROM events WHERE organization_id = ? AND type IN (${EVENTS.map(() => '?').join(', ')})`).all(orgId, ...EVENTS) as { uuid: string; type: string }[];
      const copies = new Map<string, number>();
      for (const got of receiver.received) copies.set(String(got.headers['x-webhook-id']), (copies.get(String(got.headers['x-webhook-id'])) ?? 0) + 1);
      expect(events.length).toBe(docs.length * 2); // document.signed and its verdict
      for (const event of events) {
        expect(copies.get(event.uuid) ?? 0, `deliveries of ${event.type} ${event.uuid}`).toBeGreaterThanOrEqual(1);
        expect(copies.get(event.uuid)!, `deliveries of ${event.type} ${event.uuid}`).toBeLessThanOrEqual(1 + KILLS);
      }
      expect(db.prepare("SELECT kind, last_error FROM outbox_jobs WHERE status = 'failed'").all()).toEqual([]);
      expect(db.prepare("SELECT id, error FROM webhook_deliveries WHERE status = 'failed'").all()).toEqual([]);

      const resent = [...proxy.duplicates.values()].reduce((a, b) => a + b, 0);
      const repeats = [...copies.values()].reduce((a, b) => a + b - 1, 0);
      log.push(
        `${answered.size} tickets answered 201, ${docs.length - answered.size} more stored without a 201 seen; ${docs.filter((d) => d.status === 'accepted').length} accepted`,
        `tax authority: ${docs.length} receptions, ${resent} resubmissions answered "ya fue recibido"`,
        `webhooks: ${events.length} events, ${receiver.received.length} deliveries (${repeats} repeats)`,
        `retries told "in progress" (a dead process's claim not yet released): ${inProgress}`,
        `total ${Date.now() - started} ms`,
      );
    } finally {
      db.close();
      console.log(`PostgreSQL crash test (seed ${SEED}):\n  ${log.join('\n  ')}`);
    }
  }, 240_000);
});
