/**
 * Webhook signing secrets. They must be recoverable to sign each delivery, so unlike API keys they are
 * not hashed: the vault encrypts them (AES-256-GCM) with the context `webhook:<id>`, which ties a
 * ciphertext to its row.
 */
import { randomBytes } from 'node:crypto';
import type { Vault } from '../secrets/vault.ts';

export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('hex')}`;

const context = (webhookId: number) => `webhook:${webhookId}`;

export const sealWebhookSecret = (vault: Vault, webhookId: number, secret: string): Buffer => vault.encrypt(secret, context(webhookId));

export function openWebhookSecret(vault: Vault, webhookId: number, sealed: Buffer | null): string | null {
  return sealed === null ? null : vault.decrypt(sealed, context(webhookId)).toString('utf8');
}
