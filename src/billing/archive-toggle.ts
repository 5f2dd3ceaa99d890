/**
 * Turning the five-year fiscal archive on or off (POST /account/archive). Turning it on needs a plan that
 * includes it and a subscription in good standing (entitlements.ts); turning it off is always allowed.
 */
import type { Clock } from '../domain/clock.ts';
import { updateAccount, type AccountRow } from '../store/accounts.ts';
import type { Store } from '../store/database.ts';
import { assertArchiveAllowed } from './entitlements.ts';

export interface ArchiveToggleDeps {
  store: Pick<Store, 'db'>;
  clock: Clock;
}

/** The account as changed. */
export function setFiscalArchive(deps: ArchiveToggleDeps, account: AccountRow, enabled: boolean): AccountRow {
  if (enabled) assertArchiveAllowed(account);
  return updateAccount(deps.store.db, account.id, { archiveEnabled: enabled }, deps.clock.now())!;
}
