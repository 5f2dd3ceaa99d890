/**
 * Fan-out of events and scheduled attempts against a real local receiver, with a fake clock: retries at the
 * spec's delays, failed after the last attempt, deactivation after 10 consecutive failures, redelivery.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/database.ts';
import { localAccount } from '../../../src/store/accounts.ts';
import { insertOrganization } from '../../../src/store/organizations.ts';
import { getWebhookById, insertWebhook, listDeliveries, setWebhookSecret, type WebhookFields, type WebhookRow } from '../../../src/store/webhooks.ts';
import { Vault } from '../../../src/secrets/vault.ts';
import { eq } from 'drizzle-orm';
import { events } from '../../../src/store/schema.ts';
import { recordEvent } from '../../../src/store/outbox.ts';
import { CALLBACK_MAX_RETRIES, DELIVER_WEBHOOK_JOB, fanOutEvent, runDelivery, sendNow } from '../../../src/webhooks/dispatch.ts';
import { deliverWebhookHandler } from '../../../src/webhooks/jobs.ts';
import type { WebhookRuntime } from '../../../src/webhooks/runtime.ts';
import { sealWebhookSecret } from '../../../src/webhooks/secret.ts';
import { verifyWebhookSignature } from '../../../src/webhooks/signature.ts';
import { startReceiver, status, type Receiver } from './receiver.ts';

let dir: string;
let store: Store;
let receiver: Receiver;
let now: Date;
let runtime: WebhookRuntime;
let orgId: number;
let otherOrgId: number;
const vault = new Vault(Buffer.alloc(32, 3));

function org(identification: string): number {
  const at = new Date().toISOString();
  return insertOrganization(store.db, {
    uuid: randomUUID(), accountId: localAccount(store.db, new Date()).id, name: 'Tienda', identificationType: '02',
    identificationNumber: identification, email: 'a@b.cr', createdAt: at, updatedAt: at,
  }).id;
}

function webhook(fields: Partial<WebhookFields> = {}, organizationId = orgId, secret: string | null = 'whsec_unit', environment = 'staging'): WebhookRow {
  const row = insertWebhook(store.db, { organizationId, environment }, randomUUID(), {
    name: 'POS', url: receiver.url(), events: ['document.accepted', 'document.rejected'], isActive: true, maxRetries: 3, timeoutSeconds: 5, ...fields,
  }, now);
  return secret === null ? row : setWebhookSecret(store.db, row.id, sealWebhookSecret(vault, row.id, secret), now);
}

const event = (type = 'document.accepted', organizationId = orgId, environment = 'staging') => ({
  uuid: randomUUID(),
  organizationId,
  environment,
  type,
  payload: { document_key: '5'.repeat(50), document_type: '01', status: 'accepted', hacienda_status: 'accepted', hacienda_message: 'Aceptado' },
});

const jobs = () => store.db.$client.prepare("SELECT kind, payload, run_at AS runAt FROM outbox_jobs WHERE kind = 'deliver_webhook' ORDER BY id").all() as { kind: string; payload: string; runAt: string }[];

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver.close());

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'facturador-webhooks-'));
  store = openStore(join(dir, 'test.db'));
  now = new Date('2026-03-01T12:00:00.000Z');
  runtime = { store, vault, clock: { now: () => now }, policy: { allowLocal: true } };
  orgId = org('3101000001');
  otherOrgId = org('3101000002');
  receiver.received.length = 0;
  receiver.respond = status(200);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('fanOutEvent', () => {
  it('takes an events row as recorded by the outbox', () => {
    const hook = webhook();
    const payload = { document_key: '5'.repeat(50), status: 'rejected' };
    const uuid = recordEvent(store.db, orgId, 'document.rejected', payload, now);
    const row = store.db.select().from(events).where(eq(events.uuid, uuid)).get()!;
    const [id] = fanOutEvent(store.db, { ...row, environment: 'staging' }, now);
    expect(listDeliveries(store.db, hook.id, 5, 0).rows[0]).toMatchObject({ id, eventUuid: uuid, event: 'document.rejected', body: JSON.stringify(payload) });
  });

  it('creates one pending attempt and one due job per active subscribed webhook of the organization', () => {
    const subscribed = webhook();
    webhook({ events: ['document.signed'] });
    webhook({ isActive: false });
    webhook({}, otherOrgId);
    const e = event();
    const ids = fanOutEvent(store.db, e, now);
    expect(ids).toHaveLength(1);
    const { rows } = listDeliveries(store.db, subscribed.id, 10, 0);
    expect(rows).toEqual([expect.objectContaining({
      id: ids[0], event: 'document.accepted', eventUuid: e.uuid, body: JSON.stringify(e.payload), attempt: 1, status: 'pending', nextAttemptAt: now.toISOString(),
    })]);
    expect(jobs()).toEqual([{ kind: DELIVER_WEBHOOK_JOB, payload: JSON.stringify({ delivery_id: ids[0] }), runAt: now.toISOString() }]);
  });
});

describe('runDelivery', () => {
  it('sends the payload without envelope, with event, id and verifiable signatures', async () => {
    const hook = webhook();
    const e = event();
    const [id] = fanOutEvent(store.db, e, now);
    const run = await runDelivery(runtime, id!);
    expect(run?.delivery).toMatchObject({ status: 'succeeded', successful: true, responseStatus: 200, deliveredAt: now.toISOString(), error: null });
    expect(run?.next).toBeUndefined();
    const got = receiver.received[0]!;
    expect(JSON.parse(got.body)).toEqual(e.payload);
    expect(got.headers['x-webhook-event']).toBe('document.accepted');
    expect(got.headers['x-webhook-id']).toBe(e.uuid);
    expect(got.headers['x-webhook-timestamp']).toBe(String(now.getTime() / 1000));
    expect(verifyWebhookSignature(got.body, got.headers['x-webhook-signature-v2'] as string, 'whsec_unit', now)).toEqual({ valid: true, timestamp: now.getTime() / 1000 });
    expect(got.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(getWebhookById(store.db, hook.id)).toMatchObject({ failureCount: 0, lastTriggeredAt: now.toISOString() });
  });

  it('omits the signature headers for a webhook without a secret', async () => {
    webhook({}, orgId, null);
    const [id] = fanOutEvent(store.db, event(), now);
    await runDelivery(runtime, id!);
    expect(receiver.received[0]!.headers['x-webhook-signature']).toBeUndefined();
    expect(receiver.received[0]!.headers['x-webhook-signature-v2']).toBeUndefined();
  });

  it('runs an attempt once: a job run again finds nothing pending', async () => {
    webhook();
    const [id] = fanOutEvent(store.db, event(), now);
    await runDelivery(runtime, id!);
    expect(await runDelivery(runtime, id!)).toBeUndefined();
    expect(await runDelivery(runtime, 999_999)).toBeUndefined();
    expect(receiver.received).toHaveLength(1);
  });

  it('retries at 5 s, 30 s, 2 min, 10 min, 1 h, then 24 h after the first attempt, with the same id and body, then marks the delivery failed', async () => {
    receiver.respond = status(500);
    const hook = webhook({ maxRetries: 10 });
    const e = event();
    let [id] = fanOutEvent(store.db, e, now);
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      const run = (await runDelivery(runtime, id!))!;
      expect(run.delivery).toMatchObject({ attempt, successful: false, responseStatus: 500, error: 'the receiver answered HTTP 500' });
      if (attempt === 7) {
        expect(run.delivery.status).toBe('failed');
        expect(run.next).toBeUndefined();
        break;
      }
      expect(run.delivery.status).toBe('retrying');
      const due = new Date(run.next!.nextAttemptAt!);
      gaps.push((due.getTime() - now.getTime()) / 1000);
      expect(jobs().at(-1)).toEqual({ kind: DELIVER_WEBHOOK_JOB, payload: JSON.stringify({ delivery_id: run.next!.id }), runAt: due.toISOString() });
      now = due;
      id = run.next!.id;
    }
    expect(gaps).toEqual([5, 30, 120, 600, 3600, 82045]); // 24 h in all (src/webhooks/schedule.ts)
    expect(receiver.received).toHaveLength(7);
    expect(new Set(receiver.received.map((r) => r.headers['x-webhook-id']))).toEqual(new Set([e.uuid]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers['x-webhook-signature-v2'])).size).toBe(7); // re-signed each time
    expect(getWebhookById(store.db, hook.id)).toMatchObject({ failureCount: 1, isActive: true }); // one failed delivery
  });

  it('makes 1 + max_retries attempts', async () => {
    receiver.respond = status(503);
    webhook({ maxRetries: 1 });
    const [id] = fanOutEvent(store.db, event(), now);
    const first = (await runDelivery(runtime, id!))!;
    now = new Date(first.next!.nextAttemptAt!);
    const second = (await runDelivery(runtime, first.next!.id))!;
    expect(second.delivery).toMatchObject({ attempt: 2, status: 'failed' });
    expect(second.next).toBeUndefined();
  });

  it('deactivates the webhook after 10 consecutive failures; a success in between resets the count', async () => {
    const hook = webhook({ maxRetries: 0 });
    const failOnce = async () => {
      const [id] = fanOutEvent(store.db, event(), now);
      return (await runDelivery(runtime, id!))!;
    };
    receiver.respond = status(500);
    for (let i = 0; i < 9; i++) await failOnce();
    expect(getWebhookById(store.db, hook.id)).toMatchObject({ failureCount: 9, isActive: true });
    receiver.respond = status(200);
    await failOnce();
    expect(getWebhookById(store.db, hook.id)!.failureCount).toBe(0);
    receiver.respond = status(500);
    for (let i = 0; i < 9; i++) await failOnce();
    const tenth = await failOnce();
    expect(tenth.webhook).toMatchObject({ isActive: false, failureCount: 10, disabledAt: now.toISOString(), disabledReason: 'Deactivated after 10 consecutive failed deliveries.' });
    expect(fanOutEvent(store.db, event(), now)).toEqual([]);
  });

  it('counts a delivery when its attempts are exhausted, not each failed attempt, and deactivates at the 10th', async () => {
    receiver.respond = status(500);
    const hook = webhook({ maxRetries: 1 });
    store.db.$client.prepare('UPDATE webhooks SET failure_count = 9 WHERE id = ?').run(hook.id);
    const [id] = fanOutEvent(store.db, event(), now);
    const first = (await runDelivery(runtime, id!))!;
    expect(first.delivery.status).toBe('retrying');
    expect(getWebhookById(store.db, hook.id)).toMatchObject({ failureCount: 9, isActive: true });
    now = new Date(first.next!.nextAttemptAt!);
    const last = (await runDelivery(runtime, first.next!.id))!;
    expect(last.delivery.status).toBe('failed');
    expect(last.next).toBeUndefined();
    expect(last.webhook).toMatchObject({ isActive: false, failureCount: 10 });
  });

  it('marks a pending attempt of a webhook deactivated meanwhile failed, without sending', async () => {
    const hook = webhook();
    const [id] = fanOutEvent(store.db, event(), now);
    store.db.$client.prepare('UPDATE webhooks SET is_active = 0 WHERE id = ?').run(hook.id);
    const run = (await runDelivery(runtime, id!))!;
    expect(run.delivery).toMatchObject({ status: 'failed', error: 'the webhook is inactive; not sent', deliveredAt: null });
    expect(receiver.received).toHaveLength(0);
  });
});

describe('sendNow (redeliver)', () => {
  it('resends the same X-Webhook-ID and body with a fresh timestamp and signature', async () => {
    receiver.respond = status(500);
    const hook = webhook({ maxRetries: 0 });
    const [id] = fanOutEvent(store.db, event(), now);
    const failed = (await runDelivery(runtime, id!))!.delivery;
    expect(failed.status).toBe('failed');
    receiver.respond = status(200);
    now = new Date(now.getTime() + 3_600_000);
    const again = await sendNow(runtime, getWebhookById(store.db, hook.id)!, { event: failed.event, eventUuid: failed.eventUuid, body: failed.body, attempt: 2, counts: true });
    expect(again).toMatchObject({ status: 'succeeded', attempt: 2, eventUuid: failed.eventUuid, body: failed.body });
    const [first, second] = receiver.received;
    expect(second!.headers['x-webhook-id']).toBe(first!.headers['x-webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['x-webhook-timestamp']).toBe(String(now.getTime() / 1000));
    expect(second!.headers['x-webhook-signature-v2']).not.toBe(first!.headers['x-webhook-signature-v2']);
    expect(verifyWebhookSignature(second!.body, second!.headers['x-webhook-signature-v2'] as string, 'whsec_unit', now).valid).toBe(true);
    expect(getWebhookById(store.db, hook.id)!.failureCount).toBe(0);
  });
});

describe('deliverWebhookHandler', () => {
  it('runs the attempt named by a deliver_webhook job and ignores malformed payloads', async () => {
    const hook = webhook();
    const [id] = fanOutEvent(store.db, event(), now);
    const handle = deliverWebhookHandler(runtime);
    await handle({ payload: { delivery_id: 'junk' } });
    expect(receiver.received).toHaveLength(0);
    await handle({ payload: JSON.parse(jobs()[0]!.payload) });
    expect(receiver.received).toHaveLength(1);
    expect(listDeliveries(store.db, hook.id, 5, 0).rows[0]).toMatchObject({ id, status: 'succeeded' });
  });
});

describe('per-document callback_url', () => {
  it('gets the event whatever the webhooks subscribe to, signed with the first active webhook\'s secret', async () => {
    webhook({ isActive: false }, orgId, 'whsec_inactive');
    const first = webhook({ events: ['document.signed'], url: 'http://127.0.0.1:1/never' }, orgId, 'whsec_first');
    webhook({ events: ['document.signed'] }, orgId, 'whsec_second');
    const e = event();
    const ids = fanOutEvent(store.db, e, now, receiver.url('/callback'));
    expect(ids).toHaveLength(1);
    const run = (await runDelivery(runtime, ids[0]!))!;
    expect(run.delivery).toMatchObject({ webhookId: null, targetUrl: receiver.url('/callback'), status: 'succeeded' });
    const got = receiver.received[0]!;
    expect(got.path).toBe('/callback');
    expect(got.headers['x-webhook-id']).toBe(e.uuid);
    expect(verifyWebhookSignature(got.body, got.headers['x-webhook-signature-v2'] as string, 'whsec_first', now).valid).toBe(true);
    expect(getWebhookById(store.db, first.id)!.lastTriggeredAt).toBeNull();
  });

  it('of a production document goes with production webhooks only, signed with a production secret (issue 12)', async () => {
    const staging = webhook({ events: ['document.accepted'] }, orgId, 'whsec_staging');
    const production = webhook({ events: ['document.accepted'] }, orgId, 'whsec_production', 'production');
    const ids = fanOutEvent(store.db, event('document.accepted', orgId, 'production'), now, receiver.url('/callback'));
    expect(ids).toHaveLength(2);
    expect(listDeliveries(store.db, staging.id, 10, 0).rows).toEqual([]);
    expect(listDeliveries(store.db, production.id, 10, 0).rows.map((r) => r.environment)).toEqual(['production']);
    for (const id of ids) await runDelivery(runtime, id);
    const callback = receiver.received.find((r) => r.path === '/callback')!;
    expect(verifyWebhookSignature(callback.body, callback.headers['x-webhook-signature-v2'] as string, 'whsec_production', now).valid).toBe(true);
  });

  it('is sent unsigned when the organization has no active webhook, and retried without touching any webhook', async () => {
    receiver.respond = status(500);
    const hook = webhook({ isActive: false, events: ['document.signed'] });
    let [id] = fanOutEvent(store.db, event(), now, receiver.url('/callback'));
    for (let attempt = 1; attempt <= CALLBACK_MAX_RETRIES + 1; attempt++) {
      const run = (await runDelivery(runtime, id!))!;
      expect(run.delivery.attempt).toBe(attempt);
      if (attempt <= CALLBACK_MAX_RETRIES) {
        now = new Date(run.next!.nextAttemptAt!);
        id = run.next!.id;
      } else {
        expect(run.delivery.status).toBe('failed');
        expect(run.next).toBeUndefined();
      }
    }
    expect(receiver.received).toHaveLength(CALLBACK_MAX_RETRIES + 1);
    expect(receiver.received[0]!.headers['x-webhook-signature-v2']).toBeUndefined();
    expect(getWebhookById(store.db, hook.id)!.failureCount).toBe(0);
  });
});
