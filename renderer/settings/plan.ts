/**
 * Whether the account may work in production (live keys): the rule of src/billing/entitlements.ts
 * (assertLiveAllowed), read from GET /account and GET /plans. The server applies it itself (a live key, or
 * `default_environment: 'production'` in PUT /organizations/me, is refused with 402 plan_required); the
 * screens read it only to say so before offering production.
 */
import type { Account, PriceList } from './types.ts';

export function liveAllowed(account: Account, prices: PriceList): boolean {
  if (account.status === 'sandbox' || account.status === 'canceled') return false;
  return prices.plans.find((p) => p.code === account.plan)?.live_allowed === true;
}
