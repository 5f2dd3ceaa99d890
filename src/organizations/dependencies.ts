/**
 * What the organization use cases need, each by name (DESIGN.md, "The shape of a feature": explicit
 * dependencies, never the whole composition root). These files never import `core.ts`, so core.ts can use
 * them (the outbox's credential source) without an import circle; the composition root satisfies each
 * interface as it is, so a route passes `core` and a test may pass a smaller object.
 */
import type { Clock } from '../domain/clock.ts';
import type { TokenManager } from '../hacienda/token-manager.ts';
import type { Vault } from '../secrets/vault.ts';
import type { Store } from '../store/database.ts';

/** The store, for what only reads or forgets. */
export interface StoreOnly {
  store: Store;
}

/** The store and the time of the change. */
export interface StoreDeps extends StoreOnly {
  clock: Clock;
}

/** The store and the vault that opens its sealed secrets (.p12, PIN, ATV password). */
export interface SecretDeps extends StoreOnly {
  vault: Vault;
}

/** The store, the vault and the clock: secrets sealed, or judged, at a given time. */
export interface VaultDeps extends StoreDeps, SecretDeps {}

/** The tax authority's IdP sessions (hacienda/token-manager.ts). */
export interface TokenDeps {
  hacienda: { tokens: TokenManager };
}

/** After a credential change: the IdP's sessions and the outbox, woken to send what waits. */
export interface AtvStoredDeps extends StoreDeps, TokenDeps {
  outbox: { wake(): void };
}
