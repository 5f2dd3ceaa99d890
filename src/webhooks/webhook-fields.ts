/**
 * The stored fields of a webhook from what a client sent (spec WebhookInput): names trimmed, events
 * deduplicated, the URL checked against the local-webhooks policy, and out-of-range retries and timeouts
 * given their defaults rather than refused (the spec says so). Shared by create and update.
 */
import { validationError } from '../domain/errors.ts';
import type { WebhookFields, WebhookRow } from '../store/webhooks.ts';
import { checkWebhookUrl, UrlRefused, type UrlPolicy } from './url-policy.ts';

/** What a client may send; on update, members not sent keep their value. */
export type WebhookInput = Partial<{ name: string; url: string; events: string[]; is_active: boolean; max_retries: number; timeout_seconds: number }>;

/** Out-of-range values give the default (spec WebhookInput), not an error. */
const inRange = (value: number | undefined, min: number, max: number, fallback: number) =>
  value !== undefined && value >= min && value <= max ? value : fallback;

function checkedUrl(url: string, policy: UrlPolicy): string {
  try {
    return checkWebhookUrl(url.trim(), policy).toString();
  } catch (error) {
    if (error instanceof UrlRefused) throw validationError({ url: [error.message] });
    throw error;
  }
}

/** The stored fields from an input, over the current values when updating; 422 on a refused URL or a blank name. */
export function webhookFields(input: WebhookInput, policy: UrlPolicy, current?: WebhookRow): WebhookFields {
  const fields: WebhookFields = {
    name: input.name?.trim() ?? current?.name ?? '',
    url: input.url === undefined ? current!.url : checkedUrl(input.url, policy),
    events: input.events ? [...new Set(input.events)] : current!.events,
    isActive: input.is_active ?? current?.isActive ?? true,
    maxRetries: 'max_retries' in input ? inRange(input.max_retries, 0, 10, 3) : current?.maxRetries ?? 3,
    timeoutSeconds: 'timeout_seconds' in input ? inRange(input.timeout_seconds, 5, 60, 30) : current?.timeoutSeconds ?? 30,
  };
  if (fields.name === '') throw validationError({ name: ['Must not be blank.'] });
  return fields;
}
