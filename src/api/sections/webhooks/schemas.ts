/**
 * Request and answer schemas of /webhooks. Ranges of max_retries and timeout_seconds are NOT in the schema: the spec
 * says an out-of-range value gives the default (3 and 30), so the use case normalises instead of refusing. The
 * URL rules (https, public host, no credentials) need the local-webhooks setting, so the use case checks them
 * too (webhooks/webhook-fields.ts).
 */
import { Type } from 'typebox';
import { WEBHOOK_EVENTS, type WebhookEventName } from '../../../webhooks/events.ts';
import { Envelope, NullableInteger, NullableNumber, NullableText, Open, PAGE_QUERY, Pagination } from '../../schema-types.ts';

const fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'https, public host, no credentials' }),
  events: Type.Array(Type.Unsafe<WebhookEventName>({ type: 'string', enum: [...WEBHOOK_EVENTS] }), { minItems: 1, maxItems: 50 }),
  is_active: Type.Boolean({ description: 'default true' }),
  max_retries: Type.Integer({ description: '0 to 10, default 3; out of range gives 3' }),
  timeout_seconds: Type.Integer({ description: '5 to 60, default 30; out of range gives 30' }),
};

export const WebhookInput = Type.Object({
  name: fields.name,
  url: fields.url,
  events: fields.events,
  is_active: Type.Optional(fields.is_active),
  max_retries: Type.Optional(fields.max_retries),
  timeout_seconds: Type.Optional(fields.timeout_seconds),
});

/** PUT changes the members sent and keeps the others. */
export const WebhookUpdate = Type.Partial(WebhookInput);

export const WebhookParams = Type.Object({ id: Type.String({ description: 'webhook id (int64)' }) });
export const DeliveryParams = Type.Object({ id: Type.String({ description: 'webhook id (int64)' }), delivery: Type.String({ description: 'delivery attempt id (int64)' }) });

export const DeliveryListQuery = Type.Object({
  ...PAGE_QUERY,
});

const nullable = NullableText();

/** Webhook (webhook-views.ts webhookView), with `environment` beyond the spec. */
const Webhook = Type.Object({
  id: Type.Integer(),
  uuid: Type.String({ format: 'uuid' }),
  environment: Type.String({ description: 'beyond the spec: `staging` or `production`, the environment of the key that created it' }),
  name: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  max_retries: Type.Integer(),
  timeout_seconds: Type.Integer(),
  failure_count: Type.Integer({ description: 'consecutive failed deliveries' }),
  last_triggered_at: nullable,
  disabled_at: nullable,
  disabled_reason: nullable,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
}, Open);

export const WebhookReply = Envelope(Webhook);
export const WebhookListReply = Envelope(Type.Array(Webhook));
export const WebhookCreatedReply = Envelope(Type.Object({ ...Webhook.properties, secret: Type.String({ description: 'the signing secret, shown this once' }) }, Open));
export const WebhookSecretReply = Envelope(Type.Object({ id: Type.Integer(), secret: Type.String({ description: 'the new signing secret, shown this once' }) }, Open));

/** WebhookDelivery (webhook-views.ts deliveryView): one attempt, with the delivery-log members. */
const Delivery = Type.Object({
  id: Type.Integer({ description: 'the attempt id, used to redeliver' }),
  event: Type.String(),
  event_id: Type.String(),
  attempt: Type.Integer(),
  successful: Type.Boolean(),
  status: Type.String({ description: '`pending`, `succeeded`, `retrying` or `failed`' }),
  response_status: NullableInteger(),
  response_time_ms: NullableNumber(),
  error: NullableText('in the request\'s language'),
  delivered_at: nullable,
  next_attempt_at: nullable,
  created_at: Type.String({ format: 'date-time' }),
}, Open);

export const DeliveryReply = Envelope(Delivery);
export const DeliveryListReply = Envelope(Type.Array(Delivery), { pagination: Pagination });
