/**
 * From events to deliveries. `fanOutEvent` turns one `events` row into one pending attempt (and one
 * `deliver_webhook` outbox job) per active webhook of the organization's environment subscribed to the event type, plus
 * one to the document's own callback_url when the caller passes it.
 * `runDelivery` makes one attempt and records it; on failure it schedules the next attempt as a new row and
 * a new outbox job at the spec's delay, or marks the attempt `failed` when it was the last. `sendNow`
 * serves the manual test and redeliver operations: one attempt, now, no automatic retries.
 *
 * Attempt row states: `pending` (due at next_attempt_at), `succeeded`, `retrying` (failed, next attempt
 * scheduled), `failed` (failed and nothing more is scheduled).
 */
import type { Db } from '../store/database.ts';
import { enqueueJob } from '../store/outbox.ts';
import {
  completeDelivery, firstActiveWebhook, getDelivery, getWebhookById, insertDelivery, recordWebhookOutcome, subscribedWebhooks,
  type WebhookDeliveryRow, type WebhookRow,
} from '../store/webhooks.ts';
import { signatureHeaders } from './signature.ts';
import { nextAttemptAt } from './schedule.ts';
import { openWebhookSecret } from './secret.ts';
import { sendAttempt, type WebhookRuntime } from './runtime.ts';
import type { AttemptResult } from './deliver.ts';

export const DELIVER_WEBHOOK_JOB = 'deliver_webhook';

/** The members of an `events` row that fan-out reads. */
export interface WebhookEventSource {
  uuid: string;
  organizationId: number;
  /** The environment of the document the event is about: only that environment's webhooks get it. */
  environment: string;
  type: string;
  payload: Record<string, unknown>;
}

/** Attempts and timeout of deliveries to a document's callback_url, which has no webhook settings. */
export const CALLBACK_MAX_RETRIES = 3;
export const CALLBACK_TIMEOUT_SECONDS = 30;

/**
 * Call inside the transaction that handles the event, so deliveries and jobs commit with it. `callbackUrl`
 * is the document's own `callback_url` (spec "Delivery rules" 7), which gets the document's events whatever
 * the webhooks subscribe to; the caller reads it from the document the event is about.
 */
export function fanOutEvent(db: Db, event: WebhookEventSource, now: Date = new Date(), callbackUrl?: string | null): number[] {
  // The body is the event payload itself, no envelope (spec "Events"); serialised once and stored, so
  // every retry and redelivery sends identical bytes.
  const body = JSON.stringify(event.payload);
  const common = { organizationId: event.organizationId, environment: event.environment, event: event.type, eventUuid: event.uuid, body, attempt: 1, nextAttemptAt: now };
  const rows = subscribedWebhooks(db, event, event.type).map((webhook) => insertDelivery(db, { ...common, webhookId: webhook.id }, now));
  if (callbackUrl) rows.push(insertDelivery(db, { ...common, webhookId: null, targetUrl: callbackUrl }, now));
  return rows.map((row) => {
    enqueueJob(db, DELIVER_WEBHOOK_JOB, { delivery_id: row.id }, now, now);
    return row.id;
  });
}

/** Where and how an attempt goes: its webhook, or a callback_url signed with the first active webhook's secret. */
interface Destination {
  url: string;
  timeoutSeconds: number;
  maxRetries: number;
  secretOf: WebhookRow | undefined;
  webhook: WebhookRow | undefined;
}

function destination(db: Db, delivery: WebhookDeliveryRow): Destination | undefined {
  if (delivery.webhookId === null) {
    if (!delivery.targetUrl) return undefined;
    return {
      url: delivery.targetUrl,
      timeoutSeconds: CALLBACK_TIMEOUT_SECONDS,
      maxRetries: CALLBACK_MAX_RETRIES,
      secretOf: firstActiveWebhook(db, delivery),
      webhook: undefined,
    };
  }
  const webhook = getWebhookById(db, delivery.webhookId);
  if (!webhook) return undefined;
  return { url: webhook.url, timeoutSeconds: webhook.timeoutSeconds, maxRetries: webhook.maxRetries, secretOf: webhook, webhook };
}

/** Signs and sends one attempt row (fresh timestamp and signature every time). */
async function attempt(runtime: WebhookRuntime, target: Destination, delivery: WebhookDeliveryRow): Promise<AttemptResult> {
  const signedAt = runtime.clock.now();
  const secret = target.secretOf ? openWebhookSecret(runtime.vault, target.secretOf.id, target.secretOf.secret) : null;
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'Facturador-Webhooks/1',
    'X-Webhook-Event': delivery.event,
    'X-Webhook-ID': delivery.eventUuid,
    ...signatureHeaders(delivery.body, secret, Math.floor(signedAt.getTime() / 1000)),
  };
  return sendAttempt(runtime, { url: target.url, body: delivery.body, headers, timeoutSeconds: target.timeoutSeconds });
}

export interface DeliveryRun {
  delivery: WebhookDeliveryRow;
  /** The next attempt, when this one failed and another is due. */
  next?: WebhookDeliveryRow;
  webhook?: WebhookRow;
}

/**
 * One scheduled attempt (the `deliver_webhook` job's work). A row that is no longer pending (a job run
 * twice after a crash) or whose webhook was deleted is left alone; a webhook deactivated meanwhile gets
 * the attempt marked failed without sending, so it can still be redelivered by hand.
 */
export async function runDelivery(runtime: WebhookRuntime, deliveryId: number): Promise<DeliveryRun | undefined> {
  const db = runtime.store.db;
  const delivery = getDelivery(db, deliveryId);
  if (!delivery || delivery.status !== 'pending') return undefined;
  const target = destination(db, delivery);
  if (!target) return undefined;
  const { webhook } = target;
  if (webhook && !webhook.isActive) {
    const done = completeDelivery(db, delivery.id, { status: 'failed', successful: false, error: 'the webhook is inactive; not sent', deliveredAt: null });
    return { delivery: done, webhook };
  }
  const result = await attempt(runtime, target, delivery);
  const now = runtime.clock.now();
  return runtime.store.transaction((tx) => {
    const due = result.successful ? undefined : nextAttemptAt(delivery.attempt, target.maxRetries, now);
    // A failed DELIVERY (its last attempt failed) counts toward the webhook's consecutive failures (spec
    // "Webhook activity"); a failed attempt with retries left does not, so a receiver that is down for a
    // while is not switched off by one burst of events. callback_url deliveries count toward no webhook.
    const updated = webhook && (result.successful || !due) ? recordWebhookOutcome(tx, webhook.id, result.successful, now) : webhook;
    const done = completeDelivery(tx, delivery.id, {
      status: result.successful ? 'succeeded' : due ? 'retrying' : 'failed',
      successful: result.successful,
      responseStatus: result.response_status,
      responseTimeMs: result.response_time_ms,
      error: result.error,
      deliveredAt: now,
    });
    if (!due) return { delivery: done, webhook: updated };
    const next = insertDelivery(tx, {
      organizationId: delivery.organizationId, environment: delivery.environment, webhookId: delivery.webhookId, targetUrl: delivery.targetUrl,
      event: delivery.event, eventUuid: delivery.eventUuid, body: delivery.body, attempt: delivery.attempt + 1, nextAttemptAt: due,
    }, now);
    enqueueJob(tx, DELIVER_WEBHOOK_JOB, { delivery_id: next.id }, now, due);
    return { delivery: done, next, webhook: updated };
  });
}

export interface ManualAttempt {
  event: string;
  eventUuid: string;
  body: string;
  attempt: number;
  /** Whether the outcome counts toward the consecutive failures (redeliveries do; test pings do not). */
  counts: boolean;
}

/** One attempt now, recorded in the log, never retried automatically (test and redeliver). */
export async function sendNow(runtime: WebhookRuntime, webhook: WebhookRow, manual: ManualAttempt): Promise<WebhookDeliveryRow> {
  const db = runtime.store.db;
  const started = runtime.clock.now();
  const row = insertDelivery(db, { organizationId: webhook.organizationId, environment: webhook.environment, webhookId: webhook.id, event: manual.event, eventUuid: manual.eventUuid, body: manual.body, attempt: manual.attempt, nextAttemptAt: started }, started);
  const result = await attempt(runtime, { url: webhook.url, timeoutSeconds: webhook.timeoutSeconds, maxRetries: 0, secretOf: webhook, webhook }, row);
  const now = runtime.clock.now();
  return runtime.store.transaction((tx) => {
    if (manual.counts) recordWebhookOutcome(tx, webhook.id, result.successful, now);
    return completeDelivery(tx, row.id, {
      status: result.successful ? 'succeeded' : 'failed',
      successful: result.successful,
      responseStatus: result.response_status,
      responseTimeMs: result.response_time_ms,
      error: result.error,
      deliveredAt: now,
    });
  });
}
