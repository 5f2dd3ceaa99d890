/**
 * Crash and fault test (issue 4): `facturador serve` runs as a child process and is killed with SIGKILL at
 * random moments — while 8 clients issue documents, or while the outbox delivers them — with the local tax
 * authority up, down, flapping, answering 503, slow, or losing its 202 answers (behind a counting proxy),
 * then restarted on the same data directory. Requests whose answer was lost are retried after the restart
 * with the same X-Idempotency-Key, as a point-of-sale would. Finally the server stays up with the tax
 * authority up until everything is settled, and the test checks:
 *   - every document that got a 201 exists (GET /electronic-documents/{key}) and is accepted or rejected;
 *   - every stored document (answered or not) is final, and the tax authority took each exactly once
 *     (one 202 per clave, none missing, none unknown); resubmissions only ever met "ya fue recibido";
 *   - consecutives per counter (type, branch, terminal) are 1..n without a gap or a repeat, and the counter
 *     stands at n+1 (docs/consecutives.md: no number skipped, none used twice);
 *   - every event reached the webhook receiver at least once, each copy with valid signatures and its
 *     X-Webhook-ID; no outbox job or webhook delivery ended failed.
 * The fault schedule comes from a seeded PRNG; the seed is printed, CRASH_SEED=<n> repeats the schedule
 * (the exact kill instants still depend on timing).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { DATABASE_FILE, openStore } from '../../src/store/database.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { startReceiver, type Receiver } from '../unit/webhooks/receiver.ts';
import { startRecepcionProxy, type RecepcionProxy } from './recepcion-proxy.ts';
import { crashServerEnv, jsonOrUndefined, noteCreated, orgApi, prng, seedCrashOrganization, sleep, ticketRequest } from './crash-kit.ts';
import { runsBundle, startServerProcess, type ServerProcess } from './server-process.ts';

const TOTAL = 200; // documents that must get a 201
const KILLS = 4; // kill -9 cycles before the last, clean run
const CLIENTS = 8;
const DRAIN_DEADLINE_MS = 100_000;
const USER = 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr';
const PASSWORD = 'contraseña-ATV';
const MASTER_KEY_HEX = '07'.repeat(32);
const EVENTS = ['document.signed', 'document.queued', 'document.accepted', 'document.rejected'];
const FINAL = new Set(['accepted', 'rejected']);

const SEED = Number(process.env['CRASH_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const random = prng(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function until(what: string, done: () => boolean | Promise<boolean>, ms: number, every = 100): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what} (seed ${SEED})`);
    await sleep(every);
  }
}

type Mode = 'up' | 'down' | 'flapping' | '5xx' | 'slow' | 'lossy';

let dataDir: string;
let simulator: Simulator;
let proxy: RecepcionProxy;
let receiver: Receiver;
let server: ServerProcess | undefined;
let orgKey: string;
let orgId: number;
let webhookSecret = '';
let flapTimer: NodeJS.Timeout | undefined;

/** Two counters (branch/terminal) so that numbering is checked per counter, not just globally. */

interface Request { idemKey: string; body: unknown }
interface Answer { status: number; body: { data?: { document_key?: string; consecutive_number?: string }; error?: { code?: string } } | undefined; text: string; replayed: boolean }

/** clave → the request whose 201 named it. */
const answered = new Map<string, { idemKey: string; consecutive: string }>();
let lost: Request[] = [];
const unexpected: string[] = [];
const stuckKeys: string[] = [];
let replays = 0;
let progressWaiters: { count: number; resolve: () => void }[] = [];

const newRequest = (): Request => ticketRequest(random);

async function post(url: string, request: Request): Promise<Answer | undefined> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${url}/api/v1/electronic-documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${orgKey}`, 'content-type': 'application/json', 'x-idempotency-key': request.idemKey },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(30_000),
    });
    text = await res.text();
  } catch {
    return undefined; // the server died under the request: no answer seen
  }
  return { status: res.status, body: jsonOrUndefined<Answer['body']>(text), text, replayed: res.headers.get('idempotent-replayed') === 'true' };
}

function record(request: Request, answer: Answer | undefined, retry: boolean): void {
  if (!answer) {
    lost.push(request);
    return;
  }
  if (noteCreated(answered, unexpected, request, answer)) {
    if (answer.replayed) replays++;
    for (const w of progressWaiters.filter((x) => answered.size >= x.count)) w.resolve();
    progressWaiters = progressWaiters.filter((x) => answered.size < x.count);
    return;
  }
  if (retry && answer.status === 409 && answer.body?.error?.code === 'idempotency_in_progress') {
    stuckKeys.push(request.idemKey);
    return;
  }
  const index = unexpected.push(`${answer.status} ${answer.text.slice(0, 300)}`) - 1;
  // A 5xx is a fault of ours: add what the server logged about it (its log line follows the answer).
  const running = server;
  if (answer.status >= 500 && running) setTimeout(() => (unexpected[index] += `\n${running.output().slice(-4000)}`), 300).unref();
}

const reached = (count: number) => answered.size >= count ? Promise.resolve() : new Promise<void>((resolve) => progressWaiters.push({ count, resolve }));

/** Clients issuing until `stop()` says so; each request runs to its end (answer or failure). */
function startClients(url: string, stop: () => boolean): Promise<void[]> {
  return Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (!stop()) {
      const request = newRequest();
      record(request, await post(url, request), false);
    }
  }));
}

/** The requests whose answers a crash swallowed, sent again with the same idempotency key. */
async function retryLost(url: string): Promise<void> {
  const again = lost;
  lost = [];
  for (const request of again) record(request, await post(url, request), true);
}

function applyMode(mode: Mode): void {
  clearInterval(flapTimer);
  flapTimer = undefined;
  simulator.faults.down = false;
  simulator.faults.status5xx = false;
  simulator.faults.slowMs = 0;
  proxy.loseAnswers = 0;
  if (mode === 'down') simulator.faults.down = true;
  if (mode === '5xx') simulator.faults.status5xx = true;
  if (mode === 'slow') simulator.faults.slowMs = 300;
  if (mode === 'lossy') proxy.loseAnswers = 0.5;
  if (mode === 'flapping') {
    const period = 150 + Math.floor(random() * 250);
    flapTimer = setInterval(() => (simulator.faults.down = !simulator.faults.down), period);
  }
}

function serverEnv(): NodeJS.ProcessEnv {
  return crashServerEnv(proxy.url, MASTER_KEY_HEX);
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return orgApi(server!.url, orgKey, method, path, body);
}

beforeAll(async () => {
  console.log(`crash test seed: ${SEED} (CRASH_SEED=${SEED} repeats the fault schedule)`);
  dataDir = mkdtempSync(join(tmpdir(), 'facturador-crash-'));
  simulator = await startSimulator({ port: 0, users: { [USER]: PASSWORD } });
  proxy = await startRecepcionProxy(simulator.url, random);
  receiver = await startReceiver();
  // The organization and its key, written straight into the data directory before the first start.
  const store = openStore(join(dataDir, DATABASE_FILE));
  ({ orgId, orgKey } = seedCrashOrganization(store, 'Soluciones Tecnológicas del Valle', 'facturas@tecnovalle.example.cr', 'crash test'));
}, 60_000);

afterAll(async () => {
  clearInterval(flapTimer);
  await server?.stop();
  await proxy?.close();
  await simulator?.close();
  await receiver?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The certificate, ATV credentials and a webhook for every document event, once, on the first run. */
async function setUp(): Promise<void> {
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  const cert = await api('POST', '/organizations/me/certificate', { certificate: p12, pin: TEST_PIN, atv_user: USER, atv_password: PASSWORD });
  expect(cert.status, JSON.stringify(cert.body)).toBeLessThan(300);
  const hook = await api('POST', '/webhooks', { name: 'POS', url: receiver.url(), events: EVENTS, max_retries: 10 });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  webhookSecret = hook.body.data.secret;
}

describe('kill -9 while issuing and delivering', () => {
  it(`every 201 of ${TOTAL} documents ends accepted or rejected, received once, numbered without gaps, with every event delivered`, async () => {
    const started = Date.now();
    const modes = shuffle<Mode>(['down', 'flapping', 'lossy', pick<Mode>(['up', '5xx', 'slow'])]);
    const kinds = shuffle(['issuing', 'issuing', 'delivering', pick(['issuing', 'delivering'])]);
    const log: string[] = [`server from ${runsBundle(serverEnv()) ? 'the bundle (dist/facturador.mjs)' : 'the sources (tsx): dist/ is older than src/'}`];

    for (let cycle = 0; cycle <= KILLS; cycle++) {
      const last = cycle === KILLS;
      applyMode('up');
      server = await startServerProcess(dataDir, serverEnv());
      if (cycle === 0) await setUp();
      const lostBefore = lost.length;
      const stuckBefore = stuckKeys.length;
      await retryLost(server.url);
      const mode: Mode = last ? 'up' : modes[cycle]!;
      applyMode(mode);
      const target = last ? TOTAL : Math.round((TOTAL * (cycle + 1)) / (KILLS + 1)) + Math.floor(random() * 17) - 8;
      const kind = last ? 'none' : kinds[cycle]!;
      let stop = false;
      const clients = startClients(server.url, () => stop || (kind !== 'issuing' && answered.size >= target));
      if (kind === 'issuing') {
        await reached(target);
        await sleep(Math.floor(random() * 40)); // somewhere in the middle of the next requests
        stop = true;
        await server.kill9();
        await clients;
      } else {
        await clients;
        if (kind === 'delivering') {
          await sleep(100 + Math.floor(random() * 1400));
          await server.kill9();
        }
      }
      const released = /outbox: (\d+) job\(s\) interrupted/.exec(server.output())?.[1] ?? '0';
      log.push(`run ${cycle + 1}: ${mode}, ${kind === 'none' ? 'no kill' : `killed while ${kind}`}; start ${server.startMs} ms, ${released} leases released; retried ${lostBefore} lost (${stuckKeys.length - stuckBefore} stuck); 201s so far ${answered.size}; lost now ${lost.length}`);
    }
    applyMode('up');

    // Everything settles with the tax authority and the receiver up.
    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
    try {
      const drainStarted = Date.now();
      const unsettled = () => db.prepare("SELECT COUNT(*) AS n FROM documents WHERE status NOT IN ('accepted', 'rejected')").get() as { n: number };
      const busyJobs = () => db.prepare("SELECT COUNT(*) AS n FROM outbox_jobs WHERE status IN ('pending', 'running')").get() as { n: number };
      await until('every document final and every outbox job finished', () => {
        const errors = db.prepare("SELECT clave, hacienda_message FROM documents WHERE status = 'error'").all();
        if (errors.length > 0) throw new Error(`documents in error (seed ${SEED}): ${JSON.stringify(errors.slice(0, 3))}`);
        return unsettled().n === 0 && busyJobs().n === 0;
      }, DRAIN_DEADLINE_MS, 250).catch((error: Error) => {
        const waiting = db.prepare("SELECT kind, status, attempts, run_at, last_error FROM outbox_jobs WHERE status IN ('pending', 'running') ORDER BY run_at LIMIT 5").all();
        throw new Error(`${error.message}\n${unsettled().n} documents not final; jobs: ${JSON.stringify(waiting)}\n${server!.output().slice(-3000)}`);
      });
      log.push(`drained in ${Date.now() - drainStarted} ms`);

      // Every answer the clients saw was a 201 (or, for a retried request, the stuck claim of a dead run).
      expect(unexpected, `seed ${SEED}`).toEqual([]);
      expect(answered.size).toBeGreaterThanOrEqual(TOTAL);

      // Every document that got a 201 exists and is final, through the API.
      const keys = [...answered.keys()];
      const views: { key: string; status: number; data: { status: string; consecutive_number: string } }[] = [];
      for (let i = 0; i < keys.length; i += CLIENTS) {
        views.push(...await Promise.all(keys.slice(i, i + CLIENTS).map(async (key) => {
          const res = await api('GET', `/electronic-documents/${key}`);
          return { key, status: res.status, data: res.body.data };
        })));
      }
      for (const view of views) {
        expect(view.status, view.key).toBe(200);
        expect(FINAL.has(view.data.status), `${view.key} is ${view.data.status}`).toBe(true);
        expect(view.data.consecutive_number).toBe(answered.get(view.key)!.consecutive);
      }

      // Every stored document (answered or not) is final and was taken by the tax authority exactly once.
      const docs = db.prepare('SELECT clave, consecutive, document_type, status FROM documents WHERE organization_id = ? AND environment = ?').all(orgId, 'staging') as { clave: string; consecutive: string; document_type: string; status: string }[];
      const stored = new Set(docs.map((d) => d.clave));
      for (const key of keys) expect(stored.has(key), `${key} answered 201 but not stored`).toBe(true);
      for (const doc of docs) {
        expect(FINAL.has(doc.status), `${doc.clave} is ${doc.status}`).toBe(true);
        expect(proxy.accepted.get(doc.clave) ?? 0, `receptions of ${doc.clave}`).toBe(1);
      }
      expect([...proxy.accepted.keys()].filter((clave) => !stored.has(clave))).toEqual([]);
      expect(new Set(simulator.received().map((r) => r.clave))).toEqual(stored);

      // Consecutives: per counter exactly 1..n, and the counter at n + 1.
      const groups = new Map<string, number[]>();
      for (const doc of docs) {
        const counter = doc.consecutive.slice(0, 10); // branch (3) + terminal (5) + document type (2)
        groups.set(counter, [...(groups.get(counter) ?? []), Number(doc.consecutive.slice(10))]);
      }
      const counters = db.prepare('SELECT branch, terminal, document_type, next_value FROM counters WHERE organization_id = ? AND environment = ?').all(orgId, 'staging') as { branch: string; terminal: string; document_type: string; next_value: number }[];
      expect(counters.map((c) => `${c.branch}${c.terminal}${c.document_type}`).sort()).toEqual([...groups.keys()].sort());
      for (const c of counters) {
        const numbers = groups.get(`${c.branch}${c.terminal}${c.document_type}`)!.sort((a, b) => a - b);
        expect(numbers, `counter ${c.branch}/${c.terminal}/${c.document_type}`).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
        expect(c.next_value).toBe(numbers.length + 1);
      }

      // Every event of the organization reached the receiver at least once, every copy correctly signed.
      const events = db.prepare(`SELECT uuid, type, payload FROM events WHERE organization_id = ? AND type IN (${EVENTS.map(() => '?').join(', ')})`).all(orgId, ...EVENTS) as { uuid: string; type: string; payload: string }[];
      const byId = new Map<string, typeof receiver.received>();
      for (const got of receiver.received) {
        const id = String(got.headers['x-webhook-id']);
        byId.set(id, [...(byId.get(id) ?? []), got]);
      }
      const now = new Date();
      for (const event of events) {
        const copies = byId.get(event.uuid) ?? [];
        expect(copies.length, `deliveries of ${event.type} ${event.uuid}`).toBeGreaterThanOrEqual(1);
        for (const got of copies) {
          expect(got.headers['x-webhook-event']).toBe(event.type);
          expect(JSON.parse(got.body)).toEqual(JSON.parse(event.payload));
          expect(verifyWebhookSignature(got.body, got.headers['x-webhook-signature-v2'] as string, webhookSecret, now).valid).toBe(true);
          expect(got.headers['x-webhook-signature']).toBe(`sha256=${createHmac('sha256', webhookSecret).update(got.body).digest('hex')}`);
        }
      }
      expect([...byId.keys()].filter((id) => !events.some((e) => e.uuid === id))).toEqual([]);
      // One document.signed and one verdict event per document, whatever was interrupted (queued: any number).
      const eventTypes = new Map<string, string[]>();
      for (const event of events) {
        const key = (JSON.parse(event.payload) as { document_key: string }).document_key;
        eventTypes.set(key, [...(eventTypes.get(key) ?? []), event.type]);
      }
      for (const doc of docs) expect((eventTypes.get(doc.clave) ?? []).filter((t) => t !== 'document.queued').sort(), doc.clave).toEqual([`document.${doc.status}`, 'document.signed'].sort());

      // Nothing gave up.
      expect(db.prepare("SELECT kind, last_error FROM outbox_jobs WHERE status = 'failed'").all()).toEqual([]);
      expect(db.prepare("SELECT id, error FROM webhook_deliveries WHERE status = 'failed'").all()).toEqual([]);

      const resent = [...proxy.duplicates.values()].reduce((a, b) => a + b, 0);
      log.push(
        `${answered.size} documents answered 201 (${replays} replayed on retry), ${docs.length - answered.size} more stored without a 201 seen; ` +
        `${docs.filter((d) => d.status === 'accepted').length} accepted, ${docs.filter((d) => d.status === 'rejected').length} rejected`,
        `tax authority: ${docs.length} receptions, ${resent} resubmissions answered "ya fue recibido", ${proxy.lost} 202 answers cut off`,
        `webhooks: ${events.length} events, ${receiver.received.length} deliveries (${receiver.received.length - byId.size} repeats)`,
        `idempotency keys stuck after a crash (409 idempotency_in_progress on retry): ${stuckKeys.length}`,
        `total ${Date.now() - started} ms`,
      );
    } finally {
      db.close();
      console.log(`crash test (seed ${SEED}):\n  ${log.join('\n  ')}`);
    }
  }, 240_000);
});
