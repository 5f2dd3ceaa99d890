/**
 * Changing a webhook (PUT /webhooks/:id) and regenerating its secret. Both read the webhook in its scope
 * (another organization's or environment's is 404 not_found, like a missing one) and write in the same
 * transaction, so a concurrent delete cannot slip between the check and the write.
 */
import { notFound } from '../domain/errors.ts';
import type { Db } from '../store/db.ts';
import { getWebhook, setWebhookSecret, updateWebhook, type WebhookRow, type WebhookScope } from '../store/webhooks.ts';
import type { WebhookWriteDeps } from './create-webhook.ts';
import { newWebhookSecret, sealWebhookSecret } from './secret.ts';
import type { UrlPolicy } from './url-policy.ts';
import { webhookFields, type WebhookInput } from './webhook-fields.ts';

function owned(tx: Db, scope: WebhookScope, id: number): WebhookRow {
  const row = getWebhook(tx, scope, id);
  if (!row) throw notFound('Webhook');
  return row;
}

/** Members not sent keep their value; `is_active: true` reactivates a webhook disabled after failures. */
export function changeWebhook(deps: Omit<WebhookWriteDeps, 'vault'>, scope: WebhookScope, id: number, input: WebhookInput, policy: UrlPolicy): WebhookRow {
  return deps.store.transaction((tx) => {
    const fields = webhookFields(input, policy, owned(tx, scope, id));
    const row = updateWebhook(tx, scope, id, fields, deps.clock.now());
    if (!row) throw notFound('Webhook');
    return row;
  });
}

/** A new signing secret, sealed; returned in clear this once. Later deliveries sign with it. */
export function regenerateWebhookSecret(deps: WebhookWriteDeps, scope: WebhookScope, id: number): { id: number; secret: string } {
  const secret = newWebhookSecret();
  deps.store.transaction((tx) => {
    const webhook = owned(tx, scope, id);
    setWebhookSecret(tx, webhook.id, sealWebhookSecret(deps.vault, webhook.id, secret), deps.clock.now());
  });
  return { id, secret };
}
