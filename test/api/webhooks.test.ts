/**
 * /webhooks over HTTP: CRUD in the spec's shapes, the secret shown once, URL rules, test deliveries and
 * redelivery to a real local receiver (local-webhooks setting on), the delivery log, abilities and errors.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, seedOrganization, type TestServer } from './harness.ts';
import { startReceiver, status, type Receiver } from '../unit/webhooks/receiver.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';
import { fanOutEvent, runDelivery } from '../../src/webhooks/dispatch.ts';
import { webhookRuntime } from '../../src/webhooks/runtime.ts';
import { createApiKey } from '../../src/store/api-keys.ts';

let t: TestServer; // FACTURADOR_ALLOW_LOCAL_WEBHOOKS=1
let strict: TestServer; // the default: https and public hosts only
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  const saved = process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
  process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = '1';
  t = await startTestServer();
  delete process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
  strict = await startTestServer();
  if (saved !== undefined) process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = saved;
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await receiver.close();
});

let serial = 0;
const seed = (server = t, keyOptions: Parameters<typeof seedOrganization>[2] = {}) =>
  seedOrganization(server, { identificationNumber: String(3101900000 + ++serial) }, keyOptions);

const input = (overrides: Record<string, unknown> = {}) => ({ name: 'Caja 1', url: receiver.url(), events: ['document.accepted', 'document.rejected'], ...overrides });

async function create(key: string, body: Record<string, unknown> = input(), server = t) {
  const res = await server.call('POST', '/webhooks', { key, body });
  expect(res.status).toBe(201);
  return res.body.data;
}

const WEBHOOK_SHAPE = {
  id: expect.any(Number), uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), environment: 'staging', name: expect.any(String), url: expect.any(String), events: expect.any(Array),
  is_active: expect.any(Boolean), max_retries: expect.any(Number), timeout_seconds: expect.any(Number), failure_count: expect.any(Number),
  last_triggered_at: null, disabled_at: null, disabled_reason: null, created_at: expect.any(String), updated_at: expect.any(String),
};

describe('POST /webhooks', () => {
  it('creates a webhook (201 WebhookCreated) with defaults and a secret shown only here', async () => {
    const org = seed();
    const res = await t.call('POST', '/webhooks', { key: org.key, body: input() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Webhook creado.', api_version: '1.0' });
    expect(res.body.data).toEqual({
      ...WEBHOOK_SHAPE, name: 'Caja 1', url: receiver.url(), events: ['document.accepted', 'document.rejected'],
      is_active: true, max_retries: 3, timeout_seconds: 30, failure_count: 0, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
    });
    const view = await t.call('GET', `/webhooks/${res.body.data.id}`, { key: org.key });
    expect(view.body.data).toEqual((({ secret: _s, ...rest }) => rest)(res.body.data));
    const list = await t.call('GET', '/webhooks', { key: org.key });
    expect(list.body.data).toEqual([view.body.data]);
    expect(list.text).not.toContain(res.body.data.secret);
  });

  it('keeps in-range values and gives the defaults for out-of-range ones', async () => {
    const org = seed();
    expect(await create(org.key, input({ max_retries: 0, timeout_seconds: 5, is_active: false }))).toMatchObject({ max_retries: 0, timeout_seconds: 5, is_active: false });
    expect(await create(org.key, input({ max_retries: 10, timeout_seconds: 60 }))).toMatchObject({ max_retries: 10, timeout_seconds: 60 });
    expect(await create(org.key, input({ max_retries: 11, timeout_seconds: 4 }))).toMatchObject({ max_retries: 3, timeout_seconds: 30 });
    expect(await create(org.key, input({ max_retries: -1, timeout_seconds: 61 }))).toMatchObject({ max_retries: 3, timeout_seconds: 30 });
  });

  it('drops repeated events', async () => {
    const org = seed();
    expect((await create(org.key, input({ events: ['document.signed', 'document.signed', 'callback.received'] }))).events).toEqual(['document.signed', 'callback.received']);
  });

  it.each([
    [{ name: undefined }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ url: undefined }, 'url'],
    [{ events: undefined }, 'events'],
    [{ events: [] }, 'events'],
    [{ events: ['document.exploded'] }, 'events.0'],
    [{ max_retries: 'three' }, 'max_retries'],
    [{ is_active: 'yes' }, 'is_active'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'http://u:p@127.0.0.1/h' }, 'url'],
  ])('refuses %j with 422 validation_error on %s', async (overrides, field) => {
    const org = seed();
    const body = JSON.parse(JSON.stringify(input(overrides)));
    const res = await t.call('POST', '/webhooks', { key: org.key, body });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors)).toContain(field);
  });

  it('without the local setting accepts only https public hosts', async () => {
    const org = seed(strict);
    for (const url of ['http://pos.example.com/h', 'https://localhost/h', 'https://127.0.0.1/h', 'https://192.168.1.5/h', 'https://[::1]/h', 'https://169.254.169.254/h', 'https://a:b@pos.example.com/h']) {
      const res = await strict.call('POST', '/webhooks', { key: org.key, body: input({ url }) });
      expect(res.status, url).toBe(422);
      expect(res.body.error.errors.url).toHaveLength(1);
    }
    expect((await create(org.key, input({ url: 'https://pos.example.com/hooks' }), strict)).url).toBe('https://pos.example.com/hooks');
  });

  it('refuses invalid JSON with invalid_json', async () => {
    const org = seed();
    const res = await t.call('POST', '/webhooks', { key: org.key, rawBody: '{"name":' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });
});

describe('GET, PUT, DELETE /webhooks/{id}', () => {
  it('updates the members sent and keeps the others', async () => {
    const org = seed();
    const created = await create(org.key, input({ max_retries: 5 }));
    const res = await t.call('PUT', `/webhooks/${created.id}`, { key: org.key, body: { name: 'Caja 2', events: ['document.voided'], timeout_seconds: 99 } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Webhook actualizado.');
    expect(res.body.data).toMatchObject({ id: created.id, uuid: created.uuid, name: 'Caja 2', url: created.url, events: ['document.voided'], max_retries: 5, timeout_seconds: 30 });
    expect(res.body.data.secret).toBeUndefined();
    const bad = await t.call('PUT', `/webhooks/${created.id}`, { key: org.key, body: { url: 'ftp://x.example/h' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors.url).toBeDefined();
  });

  it('reactivating clears the deactivation and the failure count', async () => {
    const org = seed();
    const created = await create(org.key);
    t.server.core.store.db.$client.prepare("UPDATE webhooks SET is_active = 0, failure_count = 10, disabled_at = '2026-01-01T00:00:00.000Z', disabled_reason = 'x' WHERE id = ?").run(created.id);
    const res = await t.call('PUT', `/webhooks/${created.id}`, { key: org.key, body: { is_active: true } });
    expect(res.body.data).toMatchObject({ is_active: true, failure_count: 0, disabled_at: null, disabled_reason: null });
  });

  it('deletes a webhook; then it is not found', async () => {
    const org = seed();
    const created = await create(org.key);
    const res = await t.call('DELETE', `/webhooks/${created.id}`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: null, message: 'Webhook eliminado.' });
    expect((await t.call('GET', `/webhooks/${created.id}`, { key: org.key })).status).toBe(404);
    expect((await t.call('DELETE', `/webhooks/${created.id}`, { key: org.key })).status).toBe(404);
  });

  it('answers 404 not_found for unknown ids, junk ids and another organization\'s webhooks', async () => {
    const mine = seed();
    const theirs = seed();
    const foreign = await create(theirs.key);
    for (const [method, path] of [
      ['GET', `/webhooks/${foreign.id}`], ['PUT', `/webhooks/${foreign.id}`], ['DELETE', `/webhooks/${foreign.id}`],
      ['POST', `/webhooks/${foreign.id}/test`], ['POST', `/webhooks/${foreign.id}/regenerate-secret`], ['GET', `/webhooks/${foreign.id}/deliveries`],
      ['POST', `/webhooks/${foreign.id}/deliveries/1/redeliver`], ['GET', '/webhooks/999999999'], ['GET', '/webhooks/abc'], ['GET', '/webhooks/0'],
    ] as const) {
      const res = await t.call(method, path, { key: mine.key, ...(method === 'PUT' ? { body: { name: 'x' } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect((await t.call('GET', '/webhooks', { key: mine.key })).body.data).toEqual([]);
  });
});

describe('POST /webhooks/{id}/test and regenerate-secret', () => {
  it('sends a signed webhook.test delivery now and answers the receiver status and response time', async () => {
    const org = seed();
    const created = await create(org.key);
    receiver.received.length = 0;
    receiver.respond = status(202);
    const res = await t.call('POST', `/webhooks/${created.id}/test`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('El envío de prueba llegó bien.');
    expect(res.body.data).toMatchObject({ id: expect.any(Number), event: 'webhook.test', attempt: 1, successful: true, status: 'succeeded', response_status: 202, response_time_ms: expect.any(Number), error: null, delivered_at: expect.any(String) });
    const got = receiver.received[0]!;
    expect(got.headers['x-webhook-event']).toBe('webhook.test');
    expect(JSON.parse(got.body)).toMatchObject({ event: 'webhook.test', webhook_id: created.id, webhook_uuid: created.uuid });
    expect(verifyWebhookSignature(got.body, got.headers['x-webhook-signature-v2'] as string, created.secret, new Date()).valid).toBe(true);
  });

  it('reports a failing receiver without counting it against the webhook', async () => {
    const org = seed();
    const created = await create(org.key);
    receiver.respond = status(500);
    const res = await t.call('POST', `/webhooks/${created.id}/test`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('El envío de prueba falló.');
    expect(res.body.data).toMatchObject({ successful: false, status: 'failed', response_status: 500, error: 'el receptor respondió HTTP 500' });
    expect((await t.call('GET', `/webhooks/${created.id}`, { key: org.key })).body.data.failure_count).toBe(0);
    receiver.respond = status(200);
  });

  it('regenerates the secret (WebhookSecret); later deliveries are signed with the new one', async () => {
    const org = seed();
    const created = await create(org.key);
    const res = await t.call('POST', `/webhooks/${created.id}/regenerate-secret`, { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: created.id, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/) });
    expect(res.body.data.secret).not.toBe(created.secret);
    receiver.received.length = 0;
    await t.call('POST', `/webhooks/${created.id}/test`, { key: org.key });
    const got = receiver.received[0]!;
    const header = got.headers['x-webhook-signature-v2'] as string;
    expect(verifyWebhookSignature(got.body, header, res.body.data.secret, new Date()).valid).toBe(true);
    expect(verifyWebhookSignature(got.body, header, created.secret, new Date()).valid).toBe(false);
  });
});

describe('deliveries and redeliver', () => {
  it('lists attempts newest first and redelivers with the same X-Webhook-ID and body, re-signed', async () => {
    const org = seed();
    const created = await create(org.key, input({ max_retries: 0 }));
    const core = t.server.core;
    receiver.respond = status(500);
    const event = { uuid: randomUUID(), organizationId: org.row.id, environment: 'staging', type: 'document.accepted', payload: { document_key: '5'.repeat(50), status: 'accepted' } };
    const [id] = core.store.transaction((db) => fanOutEvent(db, event, new Date()));
    receiver.received.length = 0;
    await runDelivery(webhookRuntime(core, { allowLocal: true }), id!);

    const log = await t.call('GET', `/webhooks/${created.id}/deliveries`, { key: org.key });
    expect(log.status).toBe(200);
    expect(log.body.pagination).toEqual({ current_page: 1, per_page: 20, last_page: 1, total: 1 });
    expect(log.body.data).toEqual([{
      id, event: 'document.accepted', event_id: event.uuid, attempt: 1, successful: false, status: 'failed', response_status: 500,
      response_time_ms: expect.any(Number), error: 'el receptor respondió HTTP 500', delivered_at: expect.any(String), next_attempt_at: null, created_at: expect.any(String),
    }]);

    receiver.respond = status(200);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second: a new timestamp
    const again = await t.call('POST', `/webhooks/${created.id}/deliveries/${id}/redeliver`, { key: org.key });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('El reenvío llegó bien.');
    expect(again.body.data).toMatchObject({ event: 'document.accepted', event_id: event.uuid, attempt: 2, successful: true, status: 'succeeded', response_status: 200 });
    const [first, second] = receiver.received;
    expect(second!.headers['x-webhook-id']).toBe(event.uuid);
    expect(second!.body).toBe(first!.body);
    expect(JSON.parse(second!.body)).toEqual(event.payload);
    expect(Number(second!.headers['x-webhook-timestamp'])).toBeGreaterThan(Number(first!.headers['x-webhook-timestamp']));
    expect(second!.headers['x-webhook-signature-v2']).not.toBe(first!.headers['x-webhook-signature-v2']);
    expect(verifyWebhookSignature(second!.body, second!.headers['x-webhook-signature-v2'] as string, created.secret, new Date()).valid).toBe(true);

    const paged = await t.call('GET', `/webhooks/${created.id}/deliveries?per_page=1&page=1`, { key: org.key });
    expect(paged.body.data.map((d: { attempt: number }) => d.attempt)).toEqual([2]);
    expect(paged.body.pagination).toEqual({ current_page: 1, per_page: 1, last_page: 2, total: 2 });
  });

  it('answers 404 not_found for a delivery that is unknown or belongs to another webhook', async () => {
    const org = seed();
    const a = await create(org.key);
    const b = await create(org.key);
    const test = await t.call('POST', `/webhooks/${a.id}/test`, { key: org.key });
    for (const path of [`/webhooks/${b.id}/deliveries/${test.body.data.id}/redeliver`, `/webhooks/${a.id}/deliveries/999999999/redeliver`, `/webhooks/${a.id}/deliveries/x/redeliver`]) {
      const res = await t.call('POST', path, { key: org.key });
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('refuses a bad per_page with 400 invalid_request (a query parameter, not a body)', async () => {
    const org = seed();
    const a = await create(org.key);
    const res = await t.call('GET', `/webhooks/${a.id}/deliveries?per_page=500`, { key: org.key });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });
});

describe('abilities', () => {
  it('needs webhooks:read to read, webhooks:write to create and webhooks:manage for the rest', async () => {
    const owner = seed();
    const hook = await create(owner.key);
    // Keys of the same organization with single abilities.
    const key = (abilities: string[]) => createApiKey(t.server.core.store.db, {
      accountId: owner.row.accountId, organizationId: owner.row.id, name: 'k', mode: 'test', abilities, expiresAt: null,
    }, new Date()).secret;
    const reader = key(['webhooks:read']);
    const writer = key(['webhooks:write']);
    const manager = key(['webhooks:manage']);

    const cases: [string, string, unknown?][] = [
      ['GET', '/webhooks'], ['GET', `/webhooks/${hook.id}`], ['GET', `/webhooks/${hook.id}/deliveries`],
    ];
    for (const [method, path] of cases) {
      expect((await t.call(method, path, { key: reader })).status).toBe(200);
      const denied = await t.call(method, path, { key: writer });
      expect(denied.status).toBe(403);
      expect(denied.body).toMatchObject({ error: { code: 'forbidden' }, message: expect.stringContaining('webhooks:read') });
    }
    expect((await t.call('POST', '/webhooks', { key: reader, body: input() })).body.error.code).toBe('forbidden');
    expect((await t.call('POST', '/webhooks', { key: manager, body: input() })).body.error.code).toBe('forbidden');
    expect((await t.call('POST', '/webhooks', { key: writer, body: input() })).status).toBe(201);
    for (const [method, path] of [
      ['PUT', `/webhooks/${hook.id}`], ['POST', `/webhooks/${hook.id}/test`], ['POST', `/webhooks/${hook.id}/regenerate-secret`],
      ['POST', `/webhooks/${hook.id}/deliveries/1/redeliver`], ['DELETE', `/webhooks/${hook.id}`],
    ] as const) {
      for (const k of [reader, writer]) {
        const res = await t.call(method, path, { key: k, ...(method === 'PUT' ? { body: { name: 'x' } } : {}) });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      }
    }
    expect((await t.call('PUT', `/webhooks/${hook.id}`, { key: manager, body: { name: 'x' } })).status).toBe(200);
    expect((await t.call('DELETE', `/webhooks/${hook.id}`, { key: manager })).status).toBe(200);
  });

  it('needs an organization key and a key at all', async () => {
    const account = await t.call('GET', '/webhooks', { key: t.accountKey });
    expect(account.status).toBe(403);
    expect(account.body.error.code).toBe('organization_key_required');
    const none = await t.call('GET', '/webhooks');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthenticated');
  });
});
