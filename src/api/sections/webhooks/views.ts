/** Webhook rows as the spec's `Webhook` (plus `environment`) and attempt rows as `WebhookDelivery` (plus the log members). */
import { localizeMessage } from '../../../i18n/server-messages.ts';
import type { Language } from '../../../i18n/validation-messages.ts';
import type { WebhookDeliveryRow, WebhookRow } from '../../../store/webhooks.ts';

export function webhookView(row: WebhookRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    environment: row.environment, // beyond the spec: the key's environment when it was created (docs/webhooks.md)
    name: row.name,
    url: row.url,
    events: row.events,
    is_active: row.isActive,
    max_retries: row.maxRetries,
    timeout_seconds: row.timeoutSeconds,
    failure_count: row.failureCount,
    last_triggered_at: row.lastTriggeredAt,
    disabled_at: row.disabledAt,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** `language`: the request's; a stored failure reason of the catalogue is given in it (docs/languages.md). */
export function deliveryView(row: WebhookDeliveryRow, language: Language = 'en') {
  return {
    id: row.id,
    event: row.event,
    event_id: row.eventUuid,
    attempt: row.attempt,
    successful: row.successful,
    status: row.status,
    response_status: row.responseStatus,
    response_time_ms: row.responseTimeMs,
    error: row.error === null ? null : localizeMessage(language, row.error),
    delivered_at: row.deliveredAt,
    next_attempt_at: row.nextAttemptAt,
    created_at: row.createdAt,
  };
}
