/**
 * Whether the account may work in production (live keys): the rule of src/billing/entitlements.ts
 * (assertLiveAllowed), read from GET /account and GET /plans. The screens ask before offering production,
 * because a browser session switched to production on a sandbox account is refused on every organization
 * route (402 plan_required) and could not switch back.
 */
import type { Account, PriceList } from './types.ts';

export function liveAllowed(account: Account, prices: PriceList): boolean {
  if (account.status === 'sandbox' || account.status === 'canceled') return false;
  return prices.plans.find((p) => p.code === account.plan)?.live_allowed === true;
}
