/**
 * The quota gate of production submissions: the issuing route calls `checkQuota` for live keys before it
 * signs anything. A desktop install sells nothing itself, so the upgrade and pack links are stable local
 * URIs that the desktop shell opens on its plans screen (docs/account.md).
 */
import type { Clock } from '../domain/clock.ts';
import type { Store } from '../store/database.ts';
import { AppError } from '../domain/errors.ts';
import { getAccount } from '../store/accounts.ts';
import { accountUsage, DOCUMENT_UNITS, periodUnits } from './usage.ts';

export const UPGRADE_URL = 'https://facturador.local/plans';
export const PACK_URL = 'https://facturador.local/plans#packs';

/** What the gate reads: the account's usage in the store, in the period of the clock's today. */
export interface QuotaDeps {
  store: Store;
  clock: Clock;
}

/**
 * Throws 402 `quota_exceeded` (with `upgrade_url`, `pack_url` and the Usage) when the period has fewer
 * than `units` left: 1 for a document (the default), 0.5 for a receiver message.
 */
export function checkQuota(deps: QuotaDeps, accountId: string, units: number = DOCUMENT_UNITS): void {
  const account = getAccount(deps.store.db, accountId);
  if (!account) throw new AppError('tenant_unresolved', 401, 'The account of this key no longer exists.');
  const now = deps.clock.now();
  if (periodUnits(deps.store.db, account, now).remaining >= units) return;
  const usage = accountUsage(deps.store.db, account, now);
  throw new AppError('quota_exceeded', 402, `The documents included in this period are used up (${usage.used} of ${usage.included_docs + usage.pack_remaining}). Choose a larger plan or add a pack.`, {
    details: { upgrade_url: UPGRADE_URL, pack_url: PACK_URL, usage },
  });
}
