/**
 * The deliveries a client asks for by hand: a signed `webhook.test` ping (POST /webhooks/:id/test), which
 * does not count toward the consecutive failures, and a redelivery of a logged attempt (POST
 * .../deliveries/:delivery/redeliver) with the same event id and body, as the next attempt of that event.
 * Both are sent now and logged, never retried automatically (dispatch.ts sendNow).
 */
import { randomUUID } from 'node:crypto';
import { notFound } from '../domain/errors.ts';
import { getDeliveryOfWebhook, lastAttemptNumber, type WebhookDeliveryRow, type WebhookRow } from '../store/webhooks.ts';
import { sendNow } from './dispatch.ts';
import { TEST_EVENT } from './events.ts';
import type { WebhookRuntime } from './runtime.ts';

export function sendTestDelivery(runtime: WebhookRuntime, webhook: WebhookRow): Promise<WebhookDeliveryRow> {
  const body = JSON.stringify({
    event: TEST_EVENT,
    webhook_id: webhook.id,
    webhook_uuid: webhook.uuid,
    message: 'Test delivery from Facturador.',
    sent_at: runtime.clock.now().toISOString(),
  });
  return sendNow(runtime, webhook, { event: TEST_EVENT, eventUuid: randomUUID(), body, attempt: 1, counts: false });
}

/** 404 not_found (`Delivery`) when the webhook has no attempt `deliveryId`. */
export function redeliver(runtime: WebhookRuntime, webhook: WebhookRow, deliveryId: number): Promise<WebhookDeliveryRow> {
  const db = runtime.store.db;
  const original = getDeliveryOfWebhook(db, webhook.id, deliveryId);
  if (!original) throw notFound('Delivery');
  return sendNow(runtime, webhook, {
    event: original.event,
    eventUuid: original.eventUuid,
    body: original.body,
    attempt: lastAttemptNumber(db, webhook.id, original.eventUuid) + 1,
    counts: original.event !== TEST_EVENT,
  });
}
