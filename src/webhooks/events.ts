/** Webhook event names a webhook may subscribe to (spec "Events"; the `received.*` ones: docs/received.md). */
export const WEBHOOK_EVENTS = [
  'document.signed', 'document.queued', 'document.accepted', 'document.rejected', 'document.voided',
  // Suppliers' documents: stored, answered by us, our answer judged by the tax authority, accepted by silence.
  'received.stored', 'received.answered', 'received.answer_accepted', 'received.answer_rejected', 'received.tacitly_accepted',
  // Subscribable, not currently emitted.
  'document.created', 'document.error', 'callback.received',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The event name of test deliveries (POST /webhooks/{id}/test); never a subscription. */
export const TEST_EVENT = 'webhook.test';
