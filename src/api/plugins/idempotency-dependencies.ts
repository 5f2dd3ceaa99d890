/** What the replay cache needs: the store holding the claims, the clock, and the vault that seals stored answers. */
import type { Clock } from '../../domain/clock.ts';
import type { Vault } from '../../secrets/vault.ts';
import type { Store } from '../../store/database.ts';

export interface IdempotencyDependencies {
  store: Pick<Store, 'db'>;
  clock: Clock;
  vault: Vault;
}
