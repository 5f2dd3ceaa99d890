/**
 * The create/edit form's values and their checks before anything is sent. The server has the last word
 * (https and public hosts unless local webhooks are allowed, src/webhooks/url-policy.ts); these checks
 * catch what it would silently change instead: it replaces out-of-range retries and time-outs with the
 * defaults (spec WebhookInput), which the shopkeeper would not notice.
 */
import type { Webhook, WebhookEventName, WebhookInput } from './types.ts';

export interface WebhookDraft {
  name: string;
  url: string;
  events: WebhookEventName[];
  is_active: boolean;
  /** Text as typed; checked by draftProblems. */
  max_retries: string;
  timeout_seconds: string;
}

export type DraftField = 'name' | 'url' | 'events' | 'max_retries' | 'timeout_seconds';
export type DraftProblem = 'required' | 'url' | 'events' | 'retries' | 'timeout';

export const RETRIES = { min: 0, max: 10, default: 3 } as const;
export const TIMEOUT = { min: 5, max: 60, default: 30 } as const;

/** A new webhook: the verdicts, which is what most receivers want. */
export function emptyDraft(): WebhookDraft {
  return { name: '', url: '', events: ['document.accepted', 'document.rejected'], is_active: true, max_retries: String(RETRIES.default), timeout_seconds: String(TIMEOUT.default) };
}

export function draftOf(webhook: Webhook): WebhookDraft {
  return {
    name: webhook.name, url: webhook.url, events: [...webhook.events], is_active: webhook.is_active,
    max_retries: String(webhook.max_retries), timeout_seconds: String(webhook.timeout_seconds),
  };
}

/** Adds the event, or takes it out; the order stays the list's, so the form does not jump. */
export function toggleEvent(events: readonly WebhookEventName[], event: WebhookEventName, order: readonly WebhookEventName[]): WebhookEventName[] {
  const chosen = new Set(events);
  if (chosen.has(event)) chosen.delete(event);
  else chosen.add(event);
  return order.filter((e) => chosen.has(e));
}

const inRange = (text: string, min: number, max: number) => /^\d{1,3}$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** What keeps the draft from being sent, per field; empty when it can go. */
export function draftProblems(draft: WebhookDraft): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  if (draft.name.trim() === '') problems.name = 'required';
  if (draft.url.trim() === '') problems.url = 'required';
  else if (!isHttpUrl(draft.url)) problems.url = 'url';
  if (draft.events.length === 0) problems.events = 'events';
  if (!inRange(draft.max_retries, RETRIES.min, RETRIES.max)) problems.max_retries = 'retries';
  if (!inRange(draft.timeout_seconds, TIMEOUT.min, TIMEOUT.max)) problems.timeout_seconds = 'timeout';
  return problems;
}

/** The WebhookInput of a draft without problems. */
export function inputOf(draft: WebhookDraft): WebhookInput {
  return {
    name: draft.name.trim(),
    url: draft.url.trim(),
    events: [...draft.events],
    is_active: draft.is_active,
    max_retries: Number(draft.max_retries),
    timeout_seconds: Number(draft.timeout_seconds),
  };
}
