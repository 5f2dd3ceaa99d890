/** Head office (docs/replication.md): unpairing a till revokes its key; its row stays for the documents that name it. */
import { notFound } from '../../domain/errors.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Store } from '../../store/database.ts';
import { revokeApiKey } from '../../store/api-keys.ts';
import { findPairedTill } from '../../store/tills.ts';

export function unpairTill(deps: { store: Pick<Store, 'db' | 'transaction'>; clock: Clock }, organizationId: number, tillId: number): void {
  deps.store.transaction((db) => {
    const till = findPairedTill(db, organizationId, tillId);
    if (!till) throw notFound('Till');
    revokeApiKey(db, till.apiKeyId, deps.clock.now());
  });
}
