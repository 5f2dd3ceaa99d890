/**
 * What the account's plan and status allow beyond test keys: live keys (production) and the fiscal
 * archive. `sandbox` means no paid plan whatever plan code is stored; `canceled` ends both.
 */
import type { AccountRow } from '../store/accounts.ts';
import { AppError } from '../domain/errors.ts';
import { findPlan } from './price-list.ts';

/** How long a past_due account keeps working (spec: payment_required once the payment failed more than 7 days ago). */
export const PAYMENT_GRACE_DAYS = 7;

function assertSubscribed(account: AccountRow, what: string, now: Date): void {
  if (account.status === 'canceled') throw new AppError('subscription_expired', 402, `The subscription was canceled: ${what} is not available.`);
  // past_due_since is when the status became past_due (store/accounts.ts): the day the payment failed, as far as we know.
  if (account.status === 'past_due' && account.pastDueSince && now.getTime() - Date.parse(account.pastDueSince) > PAYMENT_GRACE_DAYS * 86_400_000) {
    throw new AppError('payment_required', 402, `The payment failed more than ${PAYMENT_GRACE_DAYS} days ago: ${what} is not available until it is settled.`);
  }
}

/** Creating a live key (the same rule api/plugins/authenticate.ts applies when a live key is used). */
export function assertLiveAllowed(account: AccountRow, now = new Date()): void {
  assertSubscribed(account, 'production (live keys)', now);
  if (account.status === 'sandbox' || !findPlan(account.plan)?.live_allowed) {
    throw new AppError('plan_required', 402, 'Live keys need a paid plan; this account is in sandbox. Use a test key or choose a plan.');
  }
}

/** Enabling the five-year fiscal archive. */
export function assertArchiveAllowed(account: AccountRow, now = new Date()): void {
  assertSubscribed(account, 'the fiscal archive', now);
  if (account.status === 'sandbox' || !findPlan(account.plan)?.archive_included) {
    throw new AppError('plan_required', 402, `The fiscal archive is not included in the ${account.plan} plan; choose a plan that includes it.`);
  }
}
