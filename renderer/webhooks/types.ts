/**
 * The webhook shapes the screen reads and sends, derived from the server's schemas (renderer/api/schemas.ts,
 * src/api/sections/webhooks/schemas.ts; spec "Webhook resources"). The event list is written out (the
 * renderer imports no code from src/), and a unit test checks it against the server's
 * (test/unit/renderer/webhooks-store.test.ts).
 */
import type { WebhookEventName } from '../../src/webhooks/events.ts';
import type { WebhookCreatedView, WebhookDeliveryView, WebhookInputView, WebhookSecretView, WebhookView } from '../api/schemas.ts';

/** The events a webhook may subscribe to: those emitted today first, then the reserved ones (spec "Events"). */
export const EMITTED_EVENTS = [
  'document.signed', 'document.queued', 'document.accepted', 'document.rejected', 'document.voided',
  'received.stored', 'received.answered', 'received.answer_accepted', 'received.answer_rejected', 'received.tacitly_accepted',
] as const satisfies readonly WebhookEventName[];
export const RESERVED_EVENTS = ['document.created', 'document.error', 'callback.received'] as const satisfies readonly WebhookEventName[];
export const WEBHOOK_EVENTS: readonly WebhookEventName[] = [...EMITTED_EVENTS, ...RESERVED_EVENTS];

export type { WebhookEventName };

/**
 * A webhook as GET /webhooks answers it (the members the screen reads). The schema types `events` as text;
 * the server accepts only WebhookEventName on input (src/api/sections/webhooks/schemas.ts WebhookInput),
 * so the screen reads them as such.
 */
export type Webhook = Omit<Pick<WebhookView, 'id' | 'uuid' | 'name' | 'url' | 'events' | 'is_active' | 'max_retries' | 'timeout_seconds' | 'failure_count'
  | 'last_triggered_at' | 'disabled_at' | 'disabled_reason' | 'created_at' | 'updated_at'>, 'events'> & { events: WebhookEventName[] };

/** The create answer: the only time, with regenerate-secret, the signing secret is shown. */
export type WebhookCreated = Webhook & Pick<WebhookCreatedView, 'secret'>;

export type WebhookSecret = Pick<WebhookSecretView, 'id' | 'secret'>;

/** The POST body: the members of a Webhook the shopkeeper sets (the server's WebhookInput, every member sent). */
export type WebhookInput = Required<WebhookInputView>;

/** One attempt of the delivery log (POST …/test and …/redeliver answer one too); `status` is `pending`, `succeeded`, `retrying` or `failed`. */
export type WebhookDelivery = Pick<WebhookDeliveryView, 'id' | 'event' | 'event_id' | 'attempt' | 'successful' | 'status' | 'response_status' | 'response_time_ms'
  | 'error' | 'delivered_at' | 'next_attempt_at' | 'created_at'>;
