/**
 * Webhooks of the key's organization (spec "Webhooks"): CRUD, a test delivery, secret regeneration, the
 * delivery log and manual redelivery. Abilities per docs/abilities.md (`webhooks:read`, `webhooks:write`
 * to create, `webhooks:manage` for the rest). Another organization's webhook is answered exactly like a
 * missing one (404 not_found), and so is one of the other environment: a webhook belongs to the environment
 * of the key that created it (test keys staging, live keys production; docs/webhooks.md). The secret is
 * returned only by create and regenerate-secret.
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { notFound, validationError } from '../../errors.ts';
import { ok, pageParams, pagination } from '../../envelope.ts';
import { requireOrganization, type OrganizationAuth } from '../../route-config.ts';
import { deliveryView, webhookView } from './views.ts';
import { languageOf } from '../../request-language.ts';
import {
  DeliveryListQuery, DeliveryListReply, DeliveryParams, DeliveryReply, WebhookCreatedReply, WebhookInput, WebhookListReply, WebhookParams, WebhookReply,
  WebhookSecretReply, WebhookUpdate,
} from './schemas.ts';
import { NullDataReply } from '../../schema-types.ts';
import {
  deleteWebhook, getDeliveryOfWebhook, getWebhook, insertWebhook, lastAttemptNumber, listDeliveries, listWebhooks,
  setWebhookSecret, updateWebhook, type WebhookFields, type WebhookRow, type WebhookScope,
} from '../../../store/webhooks.ts';
import { sendNow } from '../../../webhooks/dispatch.ts';
import { TEST_EVENT } from '../../../webhooks/events.ts';
import { webhookRuntime } from '../../../webhooks/runtime.ts';
import { newWebhookSecret, sealWebhookSecret } from '../../../webhooks/secret.ts';
import { checkWebhookUrl, policyFromEnv, UrlRefused, type UrlPolicy } from '../../../webhooks/url-policy.ts';

const READ = { key: 'organization', abilities: ['webhooks:read'] } as const;
const WRITE = { key: 'organization', abilities: ['webhooks:write'] } as const;
const MANAGE = { key: 'organization', abilities: ['webhooks:manage'] } as const;

/** The member beyond the spec's `Webhook`, said once for the routes' descriptions. */
const ENVIRONMENT_NOTE = 'Beyond the spec: every `Webhook` has `environment` (`staging` or `production`), the environment of the key that created it, '
  + 'read only. A key lists, reads and changes only the webhooks of its own environment (others are 404), and only they receive the events of '
  + "that environment's documents (docs/webhooks.md).";

/** Out-of-range values give the default (spec WebhookInput), not an error. */
const inRange = (value: number | undefined, min: number, max: number, fallback: number) =>
  value !== undefined && value >= min && value <= max ? value : fallback;

/** Path ids that cannot be an id are simply not found (no 422 for a URL). */
function pathId(raw: string, what: string): number {
  const id = /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(what);
  return id;
}

function checkedUrl(url: string, policy: UrlPolicy): string {
  try {
    return checkWebhookUrl(url.trim(), policy).toString();
  } catch (error) {
    if (error instanceof UrlRefused) throw validationError({ url: [error.message] });
    throw error;
  }
}

/** The webhooks a request may see and change: its organization's, in its key's environment. */
const scopeOf = (auth: OrganizationAuth): WebhookScope => ({ organizationId: auth.organization.id, environment: auth.environment });

type Input = Partial<{ name: string; url: string; events: string[]; is_active: boolean; max_retries: number; timeout_seconds: number }>;

/** The stored fields from an input, over the current values when updating. */
function webhookFields(input: Input, policy: UrlPolicy, current?: WebhookRow): WebhookFields {
  return {
    name: input.name?.trim() ?? current?.name ?? '',
    url: input.url === undefined ? current!.url : checkedUrl(input.url, policy),
    events: input.events ? [...new Set(input.events)] : current!.events,
    isActive: input.is_active ?? current?.isActive ?? true,
    maxRetries: 'max_retries' in input ? inRange(input.max_retries, 0, 10, 3) : current?.maxRetries ?? 3,
    timeoutSeconds: 'timeout_seconds' in input ? inRange(input.timeout_seconds, 5, 60, 30) : current?.timeoutSeconds ?? 30,
  };
}

export const webhookRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['webhooks'];
  const db = core.store.db;
  // The local-webhooks setting is read once, at start (never an API call).
  const runtime = webhookRuntime(core, policyFromEnv());

  const owned = (scope: WebhookScope, raw: string): WebhookRow => {
    const row = getWebhook(db, scope, pathId(raw, 'Webhook'));
    if (!row) throw notFound('Webhook');
    return row;
  };

  app.get('/webhooks', { config: READ, schema: { tags, summary: "Webhooks of the organization in the key's environment", description: ENVIRONMENT_NOTE, response: { 200: WebhookListReply } } }, async (request) => {
    return ok(listWebhooks(db, scopeOf(requireOrganization(request))).map(webhookView));
  });

  app.post('/webhooks', {
    config: WRITE,
    schema: { tags, summary: "Create a webhook in the key's environment; the signing secret is returned this once", description: ENVIRONMENT_NOTE, body: WebhookInput, response: { 201: WebhookCreatedReply } },
  }, async (request, reply) => {
    const scope = scopeOf(requireOrganization(request));
    const fields = webhookFields(request.body, runtime.policy);
    if (fields.name === '') throw validationError({ name: ['Must not be blank.'] });
    const secret = newWebhookSecret();
    const row = core.store.transaction((tx) => {
      const now = core.clock.now();
      const inserted = insertWebhook(tx, scope, randomUUID(), fields, now);
      return setWebhookSecret(tx, inserted.id, sealWebhookSecret(core.vault, inserted.id, secret), now);
    });
    return reply.code(201).send(ok({ ...webhookView(row), secret }, 'Webhook created.'));
  });

  app.get('/webhooks/:id', { config: READ, schema: { tags, summary: 'One webhook', params: WebhookParams, response: { 200: WebhookReply } } }, async (request) => {
    return ok(webhookView(owned(scopeOf(requireOrganization(request)), request.params.id)));
  });

  app.put('/webhooks/:id', {
    config: MANAGE,
    schema: { tags, summary: 'Update a webhook (members not sent keep their value); is_active true reactivates it', params: WebhookParams, body: WebhookUpdate, response: { 200: WebhookReply } },
  }, async (request) => {
    const scope = scopeOf(requireOrganization(request));
    const current = owned(scope, request.params.id);
    const fields = webhookFields(request.body, runtime.policy, current);
    if (fields.name === '') throw validationError({ name: ['Must not be blank.'] });
    const row = updateWebhook(db, scope, current.id, fields, core.clock.now());
    if (!row) throw notFound('Webhook');
    return ok(webhookView(row), 'Webhook updated.');
  });

  app.delete('/webhooks/:id', { config: MANAGE, schema: { tags, summary: 'Delete a webhook and its delivery log', params: WebhookParams, response: { 200: NullDataReply } } }, async (request) => {
    if (!deleteWebhook(db, scopeOf(requireOrganization(request)), pathId(request.params.id, 'Webhook'))) throw notFound('Webhook');
    return ok(null, 'Webhook deleted.');
  });

  app.post('/webhooks/:id/test', {
    config: MANAGE,
    schema: { tags, summary: 'Send a signed `webhook.test` delivery now; answers the receiver status and response time', params: WebhookParams, response: { 200: DeliveryReply } },
  }, async (request) => {
    const webhook = owned(scopeOf(requireOrganization(request)), request.params.id);
    const now = core.clock.now();
    const body = JSON.stringify({
      event: TEST_EVENT,
      webhook_id: webhook.id,
      webhook_uuid: webhook.uuid,
      message: 'Test delivery from Facturador.',
      sent_at: now.toISOString(),
    });
    const row = await sendNow(runtime, webhook, { event: TEST_EVENT, eventUuid: randomUUID(), body, attempt: 1, counts: false });
    return ok(deliveryView(row, languageOf(request)), row.successful ? 'Test delivery succeeded.' : 'Test delivery failed.');
  });

  app.post('/webhooks/:id/regenerate-secret', {
    config: MANAGE,
    schema: { tags, summary: 'A new signing secret, returned once; later deliveries use it', params: WebhookParams, response: { 200: WebhookSecretReply } },
  }, async (request) => {
    const webhook = owned(scopeOf(requireOrganization(request)), request.params.id);
    const secret = newWebhookSecret();
    setWebhookSecret(db, webhook.id, sealWebhookSecret(core.vault, webhook.id, secret), core.clock.now());
    return ok({ id: webhook.id, secret }, 'Secret regenerated.');
  });

  app.get('/webhooks/:id/deliveries', {
    config: READ,
    schema: { tags, summary: 'Delivery log: one entry per attempt, newest first; `pagination` sits beside `data`', params: WebhookParams, querystring: DeliveryListQuery, response: { 200: DeliveryListReply } },
  }, async (request) => {
    const webhook = owned(scopeOf(requireOrganization(request)), request.params.id);
    const { page, perPage } = pageParams(request.query);
    const { rows, total } = listDeliveries(db, webhook.id, perPage, (page - 1) * perPage);
    return { ...ok(rows.map((row) => deliveryView(row, languageOf(request)))), pagination: pagination(page, perPage, total) };
  });

  app.post('/webhooks/:id/deliveries/:delivery/redeliver', {
    config: MANAGE,
    schema: { tags, summary: 'Resend a delivery now: same X-Webhook-ID and body, new timestamp and signature', params: DeliveryParams, response: { 200: DeliveryReply } },
  }, async (request) => {
    const webhook = owned(scopeOf(requireOrganization(request)), request.params.id);
    const original = getDeliveryOfWebhook(db, webhook.id, pathId(request.params.delivery, 'Delivery'));
    if (!original) throw notFound('Delivery');
    const row = await sendNow(runtime, webhook, {
      event: original.event,
      eventUuid: original.eventUuid,
      body: original.body,
      attempt: lastAttemptNumber(db, webhook.id, original.eventUuid) + 1,
      counts: original.event !== TEST_EVENT,
    });
    return ok(deliveryView(row, languageOf(request)), row.successful ? 'Redelivery succeeded.' : 'Redelivery failed.');
  });
};
