/**
 * The webhook shapes the screen reads and sends, as src/api/sections/webhooks/views.ts writes them (spec "Webhook
 * resources"). Written out: the renderer imports no code from src/, and a unit test checks the event list
 * against the server's (test/unit/renderer/webhooks-store.test.ts).
 */
import type { WebhookEventName } from '../../src/webhooks/events.ts';

/** The events a webhook may subscribe to: those emitted today first, then the reserved ones (spec "Events"). */
export const EMITTED_EVENTS = ['document.signed', 'document.queued', 'document.accepted', 'document.rejected', 'document.voided'] as const satisfies readonly WebhookEventName[];
export const RESERVED_EVENTS = ['document.created', 'document.error', 'callback.received'] as const satisfies readonly WebhookEventName[];
export const WEBHOOK_EVENTS: readonly WebhookEventName[] = [...EMITTED_EVENTS, ...RESERVED_EVENTS];

export type { WebhookEventName };

export interface Webhook {
  id: number;
  uuid: string;
  name: string;
  url: string;
  events: WebhookEventName[];
  is_active: boolean;
  max_retries: number;
  timeout_seconds: number;
  failure_count: number;
  last_triggered_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** The create answer: the only time, with regenerate-secret, the signing secret is shown. */
export interface WebhookCreated extends Webhook {
  secret: string;
}

export interface WebhookSecret {
  id: number;
  secret: string;
}

/** The POST body: the members of a Webhook the shopkeeper sets, typed as the webhook answers them. */
export type WebhookInput = Pick<Webhook, 'name' | 'url' | 'events' | 'is_active' | 'max_retries' | 'timeout_seconds'>;

/** One attempt of the delivery log (POST …/test and …/redeliver answer one too). */
export interface WebhookDelivery {
  id: number;
  event: string;
  event_id: string;
  attempt: number;
  successful: boolean;
  status: 'pending' | 'succeeded' | 'retrying' | 'failed' | (string & {});
  response_status: number | null;
  response_time_ms: number | null;
  error: string | null;
  delivered_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
}
