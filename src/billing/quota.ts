/**
 * The quota gate of production submissions: the issuing route calls `checkQuota` for live keys before it
 * signs anything. A desktop install sells nothing itself, so the upgrade and pack links are stable local
 * URIs that the desktop shell opens on its plans screen (docs/account.md).
 */
import type { Core } from '../core.ts';
import { ApiError } from '../api/errors.ts';
import { getAccount } from '../store/accounts.ts';
import { accountUsage, DOCUMENT_UNITS, periodUnits } from './usage.ts';

export const UPGRADE_URL = 'https://facturador.local/plans';
export const PACK_URL = 'https://facturador.local/plans#packs';

/**
 * Throws 402 `quota_exceeded` (with `upgrade_url`, `pack_url` and the Usage) when the period has fewer
 * than `units` left: 1 for a document (the default), 0.5 for a receiver message.
 */
export function checkQuota(core: Pick<Core, 'store' | 'clock'>, accountId: string, units: number = DOCUMENT_UNITS): void {
  const account = getAccount(core.store.db, accountId);
  if (!account) throw new ApiError('tenant_unresolved', 401, 'The account of this key no longer exists.');
  const now = core.clock.now();
  if (periodUnits(core.store.db, account, now).remaining >= units) return;
  const usage = accountUsage(core.store.db, account, now);
  throw new ApiError('quota_exceeded', 402, `The documents included in this period are used up (${usage.used} of ${usage.included_docs + usage.pack_remaining}). Choose a larger plan or add a pack.`, {
    details: { upgrade_url: UPGRADE_URL, pack_url: PACK_URL, usage },
  });
}
