/**
 * The account (spec "Keys, account, billing"): GET /plans (public), GET /account, GET /account/usage and
 * POST /account/archive, all but /plans with an account key holding `account:manage`. A desktop install
 * has no payment processor: the plan and status are set by the local administrator (docs/account.md).
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { requireAuth } from '../../route-config.ts';
import { ok } from '../../envelope.ts';
import { updateAccount, type AccountRow } from '../../../store/accounts.ts';
import { priceList } from '../../../billing/price-list.ts';
import { accountUsage } from '../../../billing/usage.ts';
import { assertArchiveAllowed } from '../../../billing/entitlements.ts';
import { AccountReply, PriceListReply, UsageReply } from './account-schemas.ts';

const ACCOUNT_ONLY = { key: 'account', abilities: ['account:manage'] } as const;

const ArchiveToggle = Type.Object({ enabled: Type.Boolean({ description: 'true keeps documents five years in the fiscal archive' }) });

/** Account, plus `archive_enabled` so that the archive toggle's answer shows its effect. */
export function accountView(row: AccountRow) {
  return {
    id: row.id,
    name: row.name,
    billing_email: row.billingEmail,
    plan: row.plan,
    status: row.status,
    archive_enabled: row.archiveEnabled,
    created_at: row.createdAt,
  };
}

export const accountRoutes: RoutePlugin = (core) => async (plain) => {
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
  }, async (request) => ok(accountUsage(core.store.db, requireAuth(request).account, core.clock.now())));

  app.post('/account/archive', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['account'], summary: 'Enable or disable the five-year fiscal archive', body: ArchiveToggle, response: { 200: AccountReply } },
  }, async (request) => {
    const { account } = requireAuth(request);
    const { enabled } = request.body;
    if (enabled) assertArchiveAllowed(account);
    const updated = updateAccount(core.store.db, account.id, { archiveEnabled: enabled }, core.clock.now())!;
    return ok(accountView(updated), enabled ? 'Fiscal archive enabled.' : 'Fiscal archive disabled.');
  });
};
