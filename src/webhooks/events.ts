/** Webhook event names a webhook may subscribe to (spec "Events"). */
export const WEBHOOK_EVENTS = [
  'document.signed', 'document.queued', 'document.accepted', 'document.rejected', 'document.voided',
  // Subscribable, not currently emitted.
  'document.created', 'document.error', 'callback.received',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The event name of test deliveries (POST /webhooks/{id}/test); never a subscription. */
export const TEST_EVENT = 'webhook.test';
