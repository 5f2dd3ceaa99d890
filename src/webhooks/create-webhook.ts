/**
 * Creating a webhook (POST /webhooks): the checked fields, the row and its sealed signing secret written in
 * one transaction, so that no webhook ever exists without a secret. The secret is returned this once.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../domain/clock.ts';
import type { Vault } from '../secrets/vault.ts';
import type { Store } from '../store/database.ts';
import { insertWebhook, setWebhookSecret, type WebhookRow, type WebhookScope } from '../store/webhooks.ts';
import { newWebhookSecret, sealWebhookSecret } from './secret.ts';
import type { UrlPolicy } from './url-policy.ts';
import { webhookFields, type WebhookInput } from './webhook-fields.ts';

/** What the webhook use cases write with: the store's transactions, the vault that seals secrets, the clock. */
export interface WebhookWriteDeps {
  store: Pick<Store, 'transaction'>;
  vault: Vault;
  clock: Clock;
}

export interface CreatedWebhook {
  row: WebhookRow;
  /** In clear: the only time it leaves the vault's seal. */
  secret: string;
}

export function createWebhook(deps: WebhookWriteDeps, scope: WebhookScope, input: WebhookInput, policy: UrlPolicy): CreatedWebhook {
  const fields = webhookFields(input, policy);
  const secret = newWebhookSecret();
  const row = deps.store.transaction((tx) => {
    const now = deps.clock.now();
    const inserted = insertWebhook(tx, scope, randomUUID(), fields, now);
    return setWebhookSecret(tx, inserted.id, sealWebhookSecret(deps.vault, inserted.id, secret), now);
  });
  return { row, secret };
}
