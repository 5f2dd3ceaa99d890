/**
 * Whether the account may work in production (live keys): the rule of src/billing/entitlements.ts
 * (assertLiveAllowed), read from GET /account and GET /plans. The server applies it itself (a live key, or
 * `default_environment: 'production'` in PUT /organizations/me, is refused with 402 plan_required); the
 * screens read it only to say so before offering production.
 */
import { api as defaultApi, type ApiClient } from '../api/client.ts';
import type { AccountView, PriceListView } from '../api/schemas.ts';

/** GET /account: the members the screens read. */
export type Account = Pick<AccountView, 'id' | 'name' | 'plan' | 'status'>;

/** A plan of GET /plans. */
export type Plan = Pick<PriceListView['plans'][number], 'code' | 'name' | 'live_allowed'>;

export interface PriceList {
  plans: Plan[];
}

/** The account's calls Settings and the keys screen share. */
export function planApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    account: () => client.data<Account>('GET', '/account'),
    plans: () => client.data<PriceList>('GET', '/plans'),
  };
}

export function liveAllowed(account: Account, prices: PriceList): boolean {
  if (account.status === 'sandbox' || account.status === 'canceled') return false;
  return prices.plans.find((p) => p.code === account.plan)?.live_allowed === true;
}
