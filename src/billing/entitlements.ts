/**
 * What the account's plan and status allow beyond test keys: live keys (production) and the fiscal
 * archive. `sandbox` means no paid plan whatever plan code is stored; `canceled` ends both.
 */
import type { AccountRow } from '../store/accounts.ts';
import { ApiError } from '../api/errors.ts';
import { findPlan } from './price-list.ts';

function assertSubscribed(account: AccountRow, what: string): void {
  if (account.status === 'canceled') throw new ApiError('subscription_expired', 402, `The subscription was canceled: ${what} is not available.`);
}

/** Creating a live key (the same rule auth.ts applies when a live key is used). */
export function assertLiveAllowed(account: AccountRow): void {
  assertSubscribed(account, 'production (live keys)');
  if (account.status === 'sandbox' || !findPlan(account.plan)?.live_allowed) {
    throw new ApiError('plan_required', 402, 'Live keys need a paid plan; this account is in sandbox. Use a test key or choose a plan.');
  }
}

/** Enabling the five-year fiscal archive. */
export function assertArchiveAllowed(account: AccountRow): void {
  assertSubscribed(account, 'the fiscal archive');
  if (account.status === 'sandbox' || !findPlan(account.plan)?.archive_included) {
    throw new ApiError('plan_required', 402, `The fiscal archive is not included in the ${account.plan} plan; choose a plan that includes it.`);
  }
}
