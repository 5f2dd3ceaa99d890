/**
 * Revoking an API key (DELETE /api-keys/:key): at once, and revoking an already revoked key changes nothing.
 * Another account's key is answered like a missing one (undefined: the route's 404). The look-up, the
 * revocation and the re-read are one transaction, so the answer is the key as revoked.
 */
import type { AccountRow } from '../store/accounts.ts';
import { listApiKeyViews, revokeApiKey, type ApiKeyView } from '../store/api-keys.ts';
import type { Store } from '../store/database.ts';
import type { Clock } from '../domain/clock.ts';

export interface RevokeKeyDeps {
  store: Pick<Store, 'transaction'>;
  clock: Clock;
}

export function revokeKey(deps: RevokeKeyDeps, account: Pick<AccountRow, 'id'>, keyId: string): ApiKeyView | undefined {
  return deps.store.transaction((tx) => {
    const [existing] = listApiKeyViews(tx, account.id, keyId);
    if (!existing) return undefined;
    revokeApiKey(tx, existing.id, deps.clock.now());
    return listApiKeyViews(tx, account.id, existing.id)[0];
  });
}
