/**
 * Request schemas of /webhooks. Ranges of max_retries and timeout_seconds are NOT in the schema: the spec
 * says an out-of-range value gives the default (3 and 30), so the route normalises instead of refusing.
 * The URL rules (https, public host, no credentials) need the local-webhooks setting, so the route checks them.
 */
import { Type } from 'typebox';
import { WEBHOOK_EVENTS, type WebhookEventName } from '../../webhooks/events.ts';
import { PAGE_QUERY } from '../schema-types.ts';

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
