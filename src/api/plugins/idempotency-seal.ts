/**
 * Stored answers of the replay cache are sealed by the vault (docs/idempotency.md, "Secrets"): some carry a
 * secret shown only once — an API key's, a webhook's — and the database, its WAL and every backup would
 * otherwise keep it in clear for anyone who copies the file. Sealing every answer, not only the ones known
 * to carry a secret, keeps a future route's secret safe without anyone having to remember this cache.
 * The context binds a ciphertext to its own API key and idempotency key, so a sealed answer copied into
 * another row does not open.
 */
import type { Clock } from '../../domain/clock.ts';
import type { Vault } from '../../secrets/vault.ts';
import { VaultError } from '../../secrets/vault.ts';
import type { Store } from '../../store/database.ts';
import { tidyIdempotencyKeys } from '../../store/idempotency.ts';

/** Marks a sealed answer; anything else is an answer stored in clear by a version before this one. */
const SEALED = 'vault1:';

export interface ClaimId {
  apiKeyId: string;
  key: string;
}

const context = (claim: ClaimId) => `idempotency:${claim.apiKeyId}:${claim.key}`;

export function isSealed(body: string): boolean {
  return body.startsWith(SEALED);
}

export function sealResponse(vault: Vault, claim: ClaimId, body: string): string {
  return SEALED + vault.encrypt(body, context(claim)).toString('base64');
}

/** The answer as it was sent; undefined when it cannot be opened (the vault's master key changed). */
export function openResponse(vault: Vault, claim: ClaimId, stored: string): string | undefined {
  if (!isSealed(stored)) return stored;
  try {
    return vault.decrypt(Buffer.from(stored.slice(SEALED.length), 'base64'), context(claim)).toString('utf8');
  } catch (error) {
    if (error instanceof VaultError) return undefined;
    throw error;
  }
}

/**
 * At start-up: forgets answers past their 24 hours and seals those an earlier version stored in clear, so
 * that an upgraded install stops keeping the secrets it handed out before (store/idempotency.ts zeroes the
 * old bytes).
 */
export function sealIdempotencyCache(deps: { store: Pick<Store, 'db'>; vault: Vault; clock: Clock; log: { info(message: string): void } }): void {
  const { purged, resealed } = tidyIdempotencyKeys(deps.store.db, deps.clock.now(), (row) =>
    row.responseBody === null || isSealed(row.responseBody) ? undefined : sealResponse(deps.vault, row, row.responseBody));
  if (purged + resealed > 0) deps.log.info(`idempotency: ${purged} expired answer(s) dropped, ${resealed} sealed`);
}
