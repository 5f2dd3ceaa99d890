/**
 * The account (spec "Keys, account, billing"): GET /plans (public), GET /account, GET /account/usage and
 * POST /account/archive, all but /plans with an account key holding `account:manage`. A desktop install
 * has no payment processor: the plan and status are set by the local administrator (docs/account.md).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { Store } from '../../../store/database.ts';
import { requireAuth } from '../../route-config.ts';
import { ok } from '../../envelope.ts';
import { priceList } from '../../../billing/price-list.ts';
import { accountUsage } from '../../../billing/usage.ts';
import { setFiscalArchive } from '../../../billing/archive-toggle.ts';
import { AccountReply, ArchiveToggle, PriceListReply, UsageReply } from './account-schemas.ts';
import { accountView } from './views.ts';

const ACCOUNT_ONLY = { key: 'account', abilities: ['account:manage'] } as const;

/** What the account section uses: the store and the clock (the usage period, the change's time). */
export interface AccountDependencies {
  store: Pick<Store, 'db'>;
  clock: Clock;
}

export const accountRoutes: RoutePlugin<AccountDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  // Public: a client shows the plans before it holds any key.
  app.get('/plans', {
    config: { key: 'none' },
    schema: { tags: ['account'], summary: 'Plans and packs of the shipped price list (USD cents, without VAT)', security: [], response: { 200: PriceListReply } },
  }, async () => ok(priceList()));

  app.get('/account', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['account'], summary: 'The account: plan and status', response: { 200: AccountReply } },
  }, async (request) => ok(accountView(requireAuth(request).account)));

  app.get('/account/usage', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['account'], summary: 'Production usage of the current calendar month (Costa Rica time)', response: { 200: UsageReply } },
  }, async (request) => ok(accountUsage(deps.store.db, requireAuth(request).account, deps.clock.now())));

  app.post('/account/archive', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['account'], summary: 'Enable or disable the five-year fiscal archive', body: ArchiveToggle, response: { 200: AccountReply } },
  }, async (request) => {
    const { enabled } = request.body;
    const updated = setFiscalArchive(deps, requireAuth(request).account, enabled);
    return ok(accountView(updated), enabled ? 'Fiscal archive enabled.' : 'Fiscal archive disabled.');
  });
};
