/**
 * Queued documents after a restart (issue 4, "Crash and fault tests"). While the tax authority is down a
 * document's submission backs off (2 s, 4 s, … up to 5 min). When the tax authority answers again, every
 * queued document goes at once instead of at its backoff time (outbox/document-delivery.ts
 * `answered`), and after a restart (kill -9, an update, a reboot at the shop) too: a new process counts
 * every environment as possibly offline, so its first answer reschedules the waiting jobs instead of leaving
 * them at backoff times up to five minutes away.
 * The server's clock is moved forward to drive the backoff through several failed attempts without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivering, type SeededOrganization, type TestServer } from '../api/harness.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';

let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };
let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;

beforeAll(async () => {
  ({ simulator, t, org } = await startDelivering({ clock }));
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

async function until<T>(what: string, read: () => T | Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function issue(): Promise<string> {
  const body = exampleRequest('04-tiquete', new Date(clock.now().getTime() - 60_000));
  const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.document_key;
}

const statusOf = async (key: string) => (await t.call('GET', `/electronic-documents/${key}`, { key: org.key })).body.data.status as string;

/** The submission job of a document: how often it ran and when it runs next. */
const submission = (key: string) => t.server.core.store.db.$client.prepare(`
  SELECT j.attempts, j.run_at, j.status FROM outbox_jobs j JOIN documents d ON d.id = json_extract(j.payload, '$.documentId')
   WHERE d.clave = ? AND j.kind = 'submit_document'`).get(key) as { attempts: number; run_at: string; status: string };

/** A document queued through a long outage: six failed submissions, the next one a minute or two away. */
async function queuedThroughOutage(): Promise<string> {
  simulator.faults.down = true;
  const key = await issue();
  await until('queued', () => statusOf(key), (s) => s === 'queued');
  for (let attempts = submission(key).attempts; attempts < 6; attempts = submission(key).attempts) {
    await until('the failed attempt recorded', () => submission(key), (j) => j.status === 'pending');
    offset += Math.max(0, Date.parse(submission(key).run_at) - clock.now().getTime()) + 10;
    t.server.core.outbox.wake();
    await until('the next attempt', () => submission(key), (j) => j.attempts > attempts && j.status === 'pending');
  }
  const wait = Date.parse(submission(key).run_at) - clock.now().getTime();
  expect(wait).toBeGreaterThan(30_000);
  return key;
}

describe('queued documents when the tax authority answers again', () => {
  it('go at once, without a restart', async () => {
    const queued = await queuedThroughOutage();
    simulator.faults.down = false;
    const fresh = await issue();
    await until('the fresh document accepted', () => statusOf(fresh), (s) => s === 'accepted');
    expect(await until('the queued document accepted', () => statusOf(queued), (s) => s === 'accepted', 5_000)).toBe('accepted');
  }, 60_000);

  it('go at once after a restart too', async () => {
    const queued = await queuedThroughOutage();
    await t.restart();
    simulator.faults.down = false;
    const fresh = await issue();
    await until('the fresh document accepted', () => statusOf(fresh), (s) => s === 'accepted');
    expect(await until('the queued document accepted', () => statusOf(queued), (s) => s === 'accepted', 5_000)).toBe('accepted');
  }, 60_000);
});
