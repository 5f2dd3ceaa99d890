/**
 * Webhooks of the key's organization (spec "Webhooks"): CRUD, a test delivery, secret regeneration, the
 * delivery log and manual redelivery. Abilities per docs/abilities.md (`webhooks:read`, `webhooks:write`
 * to create, `webhooks:manage` for the rest). Another organization's webhook is answered exactly like a
 * missing one (404 not_found), and so is one of the other environment: a webhook belongs to the environment
 * of the key that created it (test keys staging, live keys production; docs/webhooks.md). The secret is
 * returned only by create and regenerate-secret.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import { notFound } from '../../../domain/errors.ts';
import type { Vault } from '../../../secrets/vault.ts';
import type { Store } from '../../../store/database.ts';
import { ok, pageParams, pagination } from '../../envelope.ts';
import { requireOrganization, type OrganizationAuth } from '../../route-config.ts';
import { deliveryView, webhookView } from './views.ts';
import { languageOf } from '../../request-language.ts';
import {
  DeliveryListQuery, DeliveryListReply, DeliveryParams, DeliveryReply, WebhookCreatedReply, WebhookInput, WebhookListReply, WebhookParams, WebhookReply,
  WebhookSecretReply, WebhookUpdate,
} from './schemas.ts';
import { NullDataReply } from '../../schema-types.ts';
import { deleteWebhook, getWebhook, listDeliveries, listWebhooks, type WebhookRow, type WebhookScope } from '../../../store/webhooks.ts';
import { createWebhook } from '../../../webhooks/create-webhook.ts';
import { redeliver, sendTestDelivery } from '../../../webhooks/manual-delivery.ts';
import { webhookRuntime } from '../../../webhooks/runtime.ts';
import { changeWebhook, regenerateWebhookSecret } from '../../../webhooks/update-webhook.ts';
import { policyFromEnv } from '../../../webhooks/url-policy.ts';

const READ = { key: 'organization', abilities: ['webhooks:read'] } as const;
const WRITE = { key: 'organization', abilities: ['webhooks:write'] } as const;
const MANAGE = { key: 'organization', abilities: ['webhooks:manage'] } as const;

/** The member beyond the spec's `Webhook`, said once for the routes' descriptions. */
const ENVIRONMENT_NOTE = 'Beyond the spec: every `Webhook` has `environment` (`staging` or `production`), the environment of the key that created it, '
  + 'read only. A key lists, reads and changes only the webhooks of its own environment (others are 404), and only they receive the events of '
  + "that environment's documents (docs/webhooks.md).";

/** Path ids that cannot be an id are simply not found (no 422 for a URL). */
function pathId(raw: string, what: string): number {
  const id = /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(what);
  return id;
}

/** The webhooks a request may see and change: its organization's, in its key's environment. */
const scopeOf = (auth: OrganizationAuth): WebhookScope => ({ organizationId: auth.organization.id, environment: auth.environment });

/** What the webhooks section uses: the store, the vault that seals and opens secrets, the clock. */
export interface WebhookDependencies {
  store: Store;
  vault: Vault;
  clock: Clock;
}

export const webhookRoutes: RoutePlugin<WebhookDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['webhooks'];
  const db = deps.store.db;
  // The local-webhooks setting is read once, at start (never an API call).
  const runtime = webhookRuntime(deps, policyFromEnv());

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
    const { row, secret } = createWebhook(deps, scopeOf(requireOrganization(request)), request.body, runtime.policy);
    return reply.code(201).send(ok({ ...webhookView(row), secret }, 'Webhook created.'));
  });

  app.get('/webhooks/:id', { config: READ, schema: { tags, summary: 'One webhook', params: WebhookParams, response: { 200: WebhookReply } } }, async (request) => {
    return ok(webhookView(owned(scopeOf(requireOrganization(request)), request.params.id)));
  });

  app.put('/webhooks/:id', {
    config: MANAGE,
    schema: { tags, summary: 'Update a webhook (members not sent keep their value); is_active true reactivates it', params: WebhookParams, body: WebhookUpdate, response: { 200: WebhookReply } },
  }, async (request) => {
    const row = changeWebhook(deps, scopeOf(requireOrganization(request)), pathId(request.params.id, 'Webhook'), request.body, runtime.policy);
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
    const row = await sendTestDelivery(runtime, owned(scopeOf(requireOrganization(request)), request.params.id));
    return ok(deliveryView(row, languageOf(request)), row.successful ? 'Test delivery succeeded.' : 'Test delivery failed.');
  });

  app.post('/webhooks/:id/regenerate-secret', {
    config: MANAGE,
    schema: { tags, summary: 'A new signing secret, returned once; later deliveries use it', params: WebhookParams, response: { 200: WebhookSecretReply } },
  }, async (request) => {
    const regenerated = regenerateWebhookSecret(deps, scopeOf(requireOrganization(request)), pathId(request.params.id, 'Webhook'));
    return ok(regenerated, 'Secret regenerated.');
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
    const row = await redeliver(runtime, webhook, pathId(request.params.delivery, 'Delivery'));
    return ok(deliveryView(row, languageOf(request)), row.successful ? 'Redelivery succeeded.' : 'Redelivery failed.');
  });
};
