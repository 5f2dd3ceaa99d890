/**
 * The webhook use cases on a real store: create writes the row and its sealed secret together (and nothing
 * when the input is refused), change keeps what is not sent and normalises what is, and both change and
 * secret regeneration see only the webhooks of their scope; a test ping and a redelivery reach a real
 * local receiver, the redelivery as the next attempt of the same event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWebhook, getWebhookById, listWebhooks, type WebhookScope } from '../../../src/store/webhooks.ts';
import { createWebhook } from '../../../src/webhooks/create-webhook.ts';
import { openWebhookSecret } from '../../../src/webhooks/secret.ts';
import { changeWebhook, regenerateWebhookSecret } from '../../../src/webhooks/update-webhook.ts';
import { redeliver, sendTestDelivery } from '../../../src/webhooks/manual-delivery.ts';
import { TEST_EVENT } from '../../../src/webhooks/events.ts';
import { refusalOf, useCaseFixture } from '../organizations/store-fixture.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const fx = useCaseFixture();
const PUBLIC = { allowLocal: false };
const input = { name: ' POS ', url: 'https://pos.example.com/hook', events: ['document.accepted', 'document.accepted'] };

describe('createWebhook', () => {
  it('stores the webhook with its secret sealed by the vault, and returns the secret in clear', () => {
    const scope: WebhookScope = { organizationId: fx.organization().id, environment: 'staging' };
    const { row, secret } = createWebhook(fx, scope, input, PUBLIC);
    expect(row).toMatchObject({ name: 'POS', url: 'https://pos.example.com/hook', events: ['document.accepted'], isActive: true, maxRetries: 3, timeoutSeconds: 30 });
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const stored = getWebhookById(fx.store.db, row.id)!;
    expect(stored.secret).not.toBeNull();
    expect(openWebhookSecret(fx.vault, row.id, stored.secret)).toBe(secret);
  });

  it('writes nothing when the name is blank or the URL refused', () => {
    const scope: WebhookScope = { organizationId: fx.organization().id, environment: 'staging' };
    expect(refusalOf(() => createWebhook(fx, scope, { ...input, name: '   ' }, PUBLIC)).options.fieldErrors).toEqual({ name: ['Must not be blank.'] });
    expect(refusalOf(() => createWebhook(fx, scope, { ...input, url: 'http://127.0.0.1/hook' }, PUBLIC)).options.fieldErrors).toHaveProperty('url');
    expect(listWebhooks(fx.store.db, scope)).toEqual([]);
  });
});

describe('changeWebhook and regenerateWebhookSecret', () => {
  it('keeps the members not sent and gives out-of-range retries and timeouts their defaults', () => {
    const scope: WebhookScope = { organizationId: fx.organization().id, environment: 'staging' };
    const { row } = createWebhook(fx, scope, { ...input, max_retries: 5, timeout_seconds: 10 }, PUBLIC);
    const changed = changeWebhook(fx, scope, row.id, { name: 'Caja 2', max_retries: 99 }, PUBLIC);
    expect(changed).toMatchObject({ name: 'Caja 2', url: row.url, events: row.events, maxRetries: 3, timeoutSeconds: 10 });
    expect(getWebhook(fx.store.db, scope, row.id)).toMatchObject({ name: 'Caja 2', maxRetries: 3 });
  });

  it('answers a webhook of another environment or organization as not found, and leaves it as it was', () => {
    const scope: WebhookScope = { organizationId: fx.organization().id, environment: 'staging' };
    const { row, secret } = createWebhook(fx, scope, input, PUBLIC);
    const production = { ...scope, environment: 'production' };
    const other = { organizationId: fx.organization().id, environment: 'staging' };
    for (const wrong of [production, other]) {
      expect(refusalOf(() => changeWebhook(fx, wrong, row.id, { name: 'x' }, PUBLIC)).code).toBe('not_found');
      expect(refusalOf(() => regenerateWebhookSecret(fx, wrong, row.id)).code).toBe('not_found');
    }
    const stored = getWebhookById(fx.store.db, row.id)!;
    expect(stored.name).toBe('POS');
    expect(openWebhookSecret(fx.vault, row.id, stored.secret)).toBe(secret);
  });

  it('seals a new secret in place of the old one', () => {
    const scope: WebhookScope = { organizationId: fx.organization().id, environment: 'staging' };
    const { row, secret } = createWebhook(fx, scope, input, PUBLIC);
    const regenerated = regenerateWebhookSecret(fx, scope, row.id);
    expect(regenerated.id).toBe(row.id);
    expect(regenerated.secret).not.toBe(secret);
    expect(openWebhookSecret(fx.vault, row.id, getWebhookById(fx.store.db, row.id)!.secret)).toBe(regenerated.secret);
  });
});

describe('sendTestDelivery and redeliver', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('pings now, then resends the same event and body as its next attempt', async () => {
    const local = { allowLocal: true };
    const runtime = { ...fx, policy: local };
    const scope: WebhookScope = { organizationId: fx.organization().id, environment: 'staging' };
    const { row: webhook } = createWebhook(fx, scope, { ...input, url: receiver.url('/hook') }, local);
    const ping = await sendTestDelivery(runtime, webhook);
    expect(ping).toMatchObject({ event: TEST_EVENT, attempt: 1, successful: true });
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ event: TEST_EVENT, webhook_id: webhook.id, sent_at: fx.clock.now().toISOString() });
    const again = await redeliver(runtime, webhook, ping.id);
    expect(again).toMatchObject({ event: TEST_EVENT, eventUuid: ping.eventUuid, body: ping.body, attempt: 2 });
    expect(receiver.received.at(-1)!.body).toBe(ping.body);
    expect(() => redeliver(runtime, webhook, ping.id + 1000)).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
