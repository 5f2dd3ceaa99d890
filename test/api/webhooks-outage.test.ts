/**
 * Webhook receiver outages over real HTTP, with the real outbox worker (issue 4, "Crash and fault tests"):
 * the receiver answers 503, then refuses connections (nothing listens on its port), then accepts again;
 * every event still arrives at least once, every copy with the same X-Webhook-ID and body and valid
 * signatures made at its own attempt's time. The retry schedule (5 s, 30 s, ...) runs on the server's
 * injected clock, which the test moves forward instead of waiting.
 * A burst of failed attempts with retries left does not deactivate the webhook: only failed deliveries
 * (attempts exhausted) count toward the spec's 10 (docs/webhooks.md).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';

const EVENTS = ['document.signed', 'document.queued', 'document.accepted', 'document.rejected'];

/** The server's clock: real time plus an offset the test moves forward. */
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

interface Got { headers: http.IncomingHttpHeaders; body: string; status: number; at: Date }

/** A receiver that can answer 200 or 503, or stop listening altogether (connections refused). */
class Receiver {
  got: Got[] = [];
  status = 200;
  port = 0;
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status: this.status, at: clock.now() });
      res.writeHead(this.status).end(this.status === 200 ? 'ok' : 'unavailable');
    });
  });

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async refuse(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let t: TestServer;
const receiver = new Receiver();
let serial = 0;

beforeAll(async () => {
  await receiver.listen();
  const saved = process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
  process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = '1';
  // Test keys' simulated verdicts: the tax authority (an address where nothing listens) is never contacted.
  t = await startTestServer({ delivery: true, clock, hacienda: { staging: { idpUrl: 'http://127.0.0.1:9/token', apiUrl: 'http://127.0.0.1:9/' }, production: { idpUrl: 'http://127.0.0.1:9/token', apiUrl: 'http://127.0.0.1:9/' } } });
  if (saved === undefined) delete process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
  else process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = saved;
});
afterAll(async () => {
  await t.close();
  if (receiver.port) await receiver.refuse().catch(() => undefined);
});

async function until(what: string, done: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Moves the server's clock forward and lets the worker look at once. */
function advance(ms: number): void {
  offset += ms;
  t.server.core.outbox.wake();
}

async function organizationWithWebhook(): Promise<{ org: SeededOrganization; hookId: number; secret: string }> {
  const org = seedOrganization(t, { identificationNumber: String(3101800000 + ++serial) });
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  const cert = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { certificate: p12, pin: TEST_PIN, atv_user: 'cpj@stag.comprobanteselectronicos.go.cr', atv_password: 'x' } });
  expect(cert.status, JSON.stringify(cert.body)).toBeLessThan(300);
  const hook = await t.call('POST', '/webhooks', { key: org.key, body: { name: 'POS', url: receiver.url, events: EVENTS } });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  return { org, hookId: hook.body.data.id, secret: hook.body.data.secret };
}

async function issue(org: SeededOrganization, simulate: 'accepted' | 'rejected'): Promise<string> {
  const body = exampleRequest('04-tiquete', new Date(clock.now().getTime() - 60_000));
  body.issuer.id = org.row.identificationNumber;
  body.api_config = { simulate };
  const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.document_key;
}

const attemptRows = (hookId: number) => t.server.core.store.db.$client
  .prepare('SELECT event_uuid, attempt, status, error FROM webhook_deliveries WHERE webhook_id = ?')
  .all(hookId) as { event_uuid: string; attempt: number; status: string; error: string | null }[];
const count = (hookId: number, attempt: number, status: string) => attemptRows(hookId).filter((r) => r.attempt === attempt && r.status === status).length;

function eventsOf(org: SeededOrganization): { uuid: string; type: string; payload: string }[] {
  return t.server.core.store.db.$client.prepare('SELECT uuid, type, payload FROM events WHERE organization_id = ?').all(org.row.id) as { uuid: string; type: string; payload: string }[];
}

/** What a receiver checks on every copy: event name, id, body, both signatures at the time it arrived. */
function expectSignedCopy(got: Got, event: { uuid: string; type: string; payload: string }, secret: string): void {
  expect(got.headers['x-webhook-event']).toBe(event.type);
  expect(got.headers['x-webhook-id']).toBe(event.uuid);
  expect(JSON.parse(got.body)).toEqual(JSON.parse(event.payload));
  expect(verifyWebhookSignature(got.body, got.headers['x-webhook-signature-v2'] as string, secret, got.at)).toMatchObject({ valid: true, timestamp: Number(got.headers['x-webhook-timestamp']) });
  expect(got.headers['x-webhook-signature']).toBe(`sha256=${createHmac('sha256', secret).update(got.body).digest('hex')}`);
}

describe('webhook receiver outage', () => {
  it('503, then connections refused, then up: every event arrives, same X-Webhook-ID and body on every retry, each signed at its own time', async () => {
    const { org, hookId, secret } = await organizationWithWebhook();
    receiver.status = 503;
    const keys = [await issue(org, 'accepted'), await issue(org, 'rejected')];
    // document.signed twice, document.accepted, document.rejected: four events, each failing its first attempt.
    await until('four first attempts answered 503', () => count(hookId, 1, 'retrying') === 4);

    await receiver.refuse();
    advance(5_000); // the second attempt is due 5 s after the first
    await until('four second attempts refused', () => count(hookId, 2, 'retrying') === 4);

    receiver.status = 200;
    await receiver.listen();
    advance(30_000); // the third, 30 s after the second
    await until('four third attempts delivered', () => count(hookId, 3, 'succeeded') === 4);

    const events = eventsOf(org);
    expect(events.map((e) => e.type).sort()).toEqual(['document.accepted', 'document.rejected', 'document.signed', 'document.signed']);
    expect(new Set(events.map((e) => JSON.parse(e.payload).document_key))).toEqual(new Set(keys));
    for (const event of events) {
      const copies = receiver.got.filter((g) => g.headers['x-webhook-id'] === event.uuid);
      // The refused attempt never arrived; the 503 one and the successful one did.
      expect(copies.map((c) => c.status)).toEqual([503, 200]);
      for (const copy of copies) expectSignedCopy(copy, event, secret);
      expect(copies[1]!.body).toBe(copies[0]!.body);
      const [first, last] = copies.map((c) => Number(c.headers['x-webhook-timestamp']));
      expect(last! - first!).toBeGreaterThanOrEqual(35);
    }
    const rows = attemptRows(hookId);
    expect(rows.filter((r) => r.attempt === 1).every((r) => r.error === 'the receiver answered HTTP 503')).toBe(true);
    expect(rows.filter((r) => r.attempt === 2).every((r) => /ECONNREFUSED/.test(r.error ?? ''))).toBe(true);
    expect(rows).toHaveLength(12);

    const webhook = await t.call('GET', `/webhooks/${hookId}`, { key: org.key });
    expect(webhook.body.data).toMatchObject({ is_active: true, failure_count: 0 });
    const log = await t.call('GET', `/webhooks/${hookId}/deliveries?per_page=100`, { key: org.key });
    expect(log.body.data.map((d: { status: string }) => d.status).sort()).toEqual([...Array(4).fill('succeeded'), ...Array(8).fill('retrying')].sort());
  });

  it('a burst of more than ten failed first attempts keeps the webhook active, and every event arrives once it is back', async () => {
    const { org, hookId, secret } = await organizationWithWebhook();
    await receiver.refuse();
    receiver.got = [];
    for (let i = 0; i < 6; i++) await issue(org, 'accepted'); // 12 events, 12 failed first attempts
    await until('twelve first attempts refused', () => count(hookId, 1, 'retrying') === 12);
    expect((await t.call('GET', `/webhooks/${hookId}`, { key: org.key })).body.data).toMatchObject({ is_active: true, failure_count: 0 });

    await receiver.listen();
    receiver.status = 200;
    advance(5_000); // the second attempts fall due
    await until('twelve second attempts delivered', () => count(hookId, 2, 'succeeded') === 12);
    const events = eventsOf(org);
    const missing = events.filter((e) => !receiver.got.some((g) => g.headers['x-webhook-id'] === e.uuid)).map((e) => e.type);
    expect(missing, 'events that never reached the receiver').toEqual([]);
    for (const event of events) expectSignedCopy(receiver.got.find((g) => g.headers['x-webhook-id'] === event.uuid)!, event, secret);
  });
});
