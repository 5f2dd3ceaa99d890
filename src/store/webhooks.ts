/**
 * Webhooks and their delivery attempts. Webhook queries are scoped by organization and environment (a
 * webhook belongs to the environment of the key that created it, docs/webhooks.md); delivery queries by
 * webhook (whose ownership the caller checked). The secret column holds vault ciphertext only.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { prepared } from './prepared.ts';
import type { Db } from './database.ts';
import { webhookDeliveries, webhooks } from './schema.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
/** The columns a client sets (WebhookInput). */
export type WebhookFields = Pick<WebhookRow, 'name' | 'url' | 'events' | 'isActive' | 'maxRetries' | 'timeoutSeconds'>;
export type DeliveryStatus = 'pending' | 'succeeded' | 'retrying' | 'failed';

/** Whose webhooks: an organization's, in one environment (staging for test keys, production for live ones). */
export interface WebhookScope {
  organizationId: number;
  environment: string;
}

const inScope = (scope: WebhookScope) => and(eq(webhooks.organizationId, scope.organizationId), eq(webhooks.environment, scope.environment));

/** Consecutive failed deliveries (attempts exhausted) after which a webhook is deactivated (spec "Webhook activity"). */
export const FAILURES_BEFORE_DEACTIVATION = 10;

export function insertWebhook(db: Db, scope: WebhookScope, uuid: string, fields: WebhookFields, now: Date): WebhookRow {
  const at = now.toISOString();
  return db.insert(webhooks).values({ ...fields, uuid, organizationId: scope.organizationId, environment: scope.environment, createdAt: at, updatedAt: at }).returning().get();
}

export function setWebhookSecret(db: Db, id: number, ciphertext: Buffer, now: Date): WebhookRow {
  return db.update(webhooks).set({ secret: ciphertext, updatedAt: now.toISOString() }).where(eq(webhooks.id, id)).returning().get()!;
}

export function listWebhooks(db: Db, scope: WebhookScope): WebhookRow[] {
  return db.select().from(webhooks).where(inScope(scope)).orderBy(webhooks.id).all();
}

export function getWebhook(db: Db, scope: WebhookScope, id: number): WebhookRow | undefined {
  return db.select().from(webhooks).where(and(inScope(scope), eq(webhooks.id, id))).get();
}

export function getWebhookById(db: Db, id: number): WebhookRow | undefined {
  return db.select().from(webhooks).where(eq(webhooks.id, id)).get();
}

/**
 * Replaces the client fields. Reactivating (is_active true) clears the automatic deactivation and the
 * failure count, so a fixed receiver starts with a clean slate.
 */
export function updateWebhook(db: Db, scope: WebhookScope, id: number, fields: WebhookFields, now: Date): WebhookRow | undefined {
  const reactivation = fields.isActive ? { failureCount: 0, disabledAt: null, disabledReason: null } : {};
  return db.update(webhooks).set({ ...fields, ...reactivation, updatedAt: now.toISOString() })
    .where(and(inScope(scope), eq(webhooks.id, id)))
    .returning().get();
}

/** Deletes the webhook and (cascade) its delivery log. */
export function deleteWebhook(db: Db, scope: WebhookScope, id: number): boolean {
  return db.delete(webhooks).where(and(inScope(scope), eq(webhooks.id, id))).run().changes > 0;
}

/** Active webhooks of the organization's environment subscribed to `event`. */
export function subscribedWebhooks(db: Db, scope: WebhookScope, event: string): WebhookRow[] {
  // Prepared once: every state change of every document asks this.
  return prepared(db, 'subscribedWebhooks', () => db.select().from(webhooks)
    .where(and(
      eq(webhooks.organizationId, sql.placeholder('organizationId')),
      eq(webhooks.environment, sql.placeholder('environment')),
      eq(webhooks.isActive, true),
      sql`EXISTS (SELECT 1 FROM json_each(${webhooks.events}) WHERE json_each.value = ${sql.placeholder('event')})`,
    ))
    .orderBy(webhooks.id).prepare()).all({ organizationId: scope.organizationId, environment: scope.environment, event });
}

/**
 * The first active webhook of the organization's environment (its secret signs per-document callback_url
 * deliveries): a production document's callback is never signed with a secret a test key can read.
 */
export function firstActiveWebhook(db: Db, scope: WebhookScope): WebhookRow | undefined {
  return db.select().from(webhooks).where(and(inScope(scope), eq(webhooks.isActive, true))).orderBy(webhooks.id).get();
}

/** Outcome bookkeeping of a delivery: a success resets the consecutive count, the 10th failed delivery deactivates. */
export function recordWebhookOutcome(db: Db, id: number, successful: boolean, now: Date): WebhookRow | undefined {
  const at = now.toISOString();
  if (successful) {
    return db.update(webhooks).set({ failureCount: 0, lastTriggeredAt: at }).where(eq(webhooks.id, id)).returning().get();
  }
  const row = db.update(webhooks).set({ failureCount: sql`${webhooks.failureCount} + 1`, lastTriggeredAt: at }).where(eq(webhooks.id, id)).returning().get();
  if (row && row.isActive && row.failureCount >= FAILURES_BEFORE_DEACTIVATION) {
    return db.update(webhooks).set({
      isActive: false,
      disabledAt: at,
      disabledReason: `Deactivated after ${row.failureCount} consecutive failed deliveries.`,
      updatedAt: at,
    }).where(eq(webhooks.id, id)).returning().get();
  }
  return row;
}

export interface NewDelivery {
  organizationId: number;
  /** The environment of the event's document (of the webhook, for test and redelivery). */
  environment: string;
  /** null for a delivery to a document's callback_url (then `targetUrl` is set). */
  webhookId: number | null;
  targetUrl?: string | null;
  event: string;
  eventUuid: string;
  body: string;
  attempt: number;
  nextAttemptAt: Date;
}

export function insertDelivery(db: Db, delivery: NewDelivery, now: Date): WebhookDeliveryRow {
  return db.insert(webhookDeliveries).values({
    organizationId: delivery.organizationId,
    environment: delivery.environment,
    webhookId: delivery.webhookId,
    targetUrl: delivery.targetUrl ?? null,
    event: delivery.event,
    eventUuid: delivery.eventUuid,
    body: delivery.body,
    attempt: delivery.attempt,
    status: 'pending',
    nextAttemptAt: delivery.nextAttemptAt.toISOString(),
    createdAt: now.toISOString(),
  }).returning().get();
}

export function getDelivery(db: Db, id: number): WebhookDeliveryRow | undefined {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
}

export function getDeliveryOfWebhook(db: Db, webhookId: number, id: number): WebhookDeliveryRow | undefined {
  return db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id))).get();
}

/** Newest attempt first. */
export function listDeliveries(db: Db, webhookId: number, limit: number, offset: number): { rows: WebhookDeliveryRow[]; total: number } {
  const where = eq(webhookDeliveries.webhookId, webhookId);
  const rows = db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(limit).offset(offset).all();
  const total = db.select({ n: count() }).from(webhookDeliveries).where(where).get()?.n ?? 0;
  return { rows, total };
}

/** The highest attempt number made or scheduled for one event on one webhook. */
export function lastAttemptNumber(db: Db, webhookId: number, eventUuid: string): number {
  const row = db.select({ n: sql<number | null>`max(${webhookDeliveries.attempt})` }).from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.eventUuid, eventUuid))).get();
  return row?.n ?? 0;
}

export interface AttemptOutcome {
  status: Exclude<DeliveryStatus, 'pending'>;
  successful: boolean;
  responseStatus?: number;
  responseTimeMs?: number;
  error?: string;
  deliveredAt: Date | null;
}

export function completeDelivery(db: Db, id: number, outcome: AttemptOutcome): WebhookDeliveryRow {
  return db.update(webhookDeliveries).set({
    status: outcome.status,
    successful: outcome.successful,
    responseStatus: outcome.responseStatus ?? null,
    responseTimeMs: outcome.responseTimeMs ?? null,
    error: outcome.error ?? null,
    deliveredAt: outcome.deliveredAt?.toISOString() ?? null,
    nextAttemptAt: null,
  }).where(eq(webhookDeliveries.id, id)).returning().get()!;
}
