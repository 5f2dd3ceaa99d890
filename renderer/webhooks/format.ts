/** How the webhooks screen writes times and delivery results; formatting only. */
import type { Language } from '../i18n/store.ts';
import type { MessageKey } from './messages.ts';
import type { WebhookDelivery } from './types.ts';

export function when(language: Language, iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(language === 'en' ? 'en-US' : 'es-CR', { dateStyle: 'short', timeStyle: 'medium' }) : '';
}

const KNOWN_EVENTS = new Set(['document.signed', 'document.queued', 'document.accepted', 'document.rejected', 'document.voided', 'document.created', 'document.error', 'callback.received', 'webhook.test',
  'received.stored', 'received.answered', 'received.answer_accepted', 'received.answer_rejected', 'received.tacitly_accepted']);

/** The message key of an event name, or null for one this renderer does not know (shown as it is). */
export function eventKey(event: string): MessageKey | null {
  return KNOWN_EVENTS.has(event) ? (`webhooks.event.${event}` as MessageKey) : null;
}

/** "HTTP 200 · 12 ms", "HTTP 500", or the connection error: what the receiver did. */
export function resultText(delivery: WebhookDelivery): string {
  const parts = [delivery.response_status !== null ? `HTTP ${delivery.response_status}` : delivery.error ?? ''];
  if (delivery.response_time_ms !== null) parts.push(`${delivery.response_time_ms} ms`);
  return parts.filter(Boolean).join(' · ');
}
