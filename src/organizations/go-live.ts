/**
 * Going live from Settings (docs/account.md, "Going live"): what `facturador account set-plan` and
 * `set-status active` do from a terminal — a plan that allows production, status `active` — together with
 * the organization's default environment, in one transaction, and only once the organization can issue
 * there (production-readiness.ts). A desktop install sells nothing itself: the licence is
 * local, and the owner is the one who decides to issue real documents.
 */
import { validationError } from '../domain/errors.ts';
import type { Language } from '../i18n/validation-messages.ts';
import { updateAccount, type AccountRow } from '../store/accounts.ts';
import { countOrganizations, updateOrganization, type OrganizationRow } from '../store/organizations.ts';
import type { VaultDeps } from './dependencies.ts';
import { productionProblems } from './production-readiness.ts';
import { findPlan, priceList, type Plan } from '../billing/price-list.ts';
import { goLiveText } from './go-live-messages.ts';

export interface GoLiveRequest {
  /** A plan code; default: the account's plan when it allows production, else the smallest that fits. */
  plan?: string | undefined;
  /** Only check: nothing changes. */
  dryRun: boolean;
  lang: Language;
}

export interface GoLiveResult {
  account: AccountRow;
  organization: OrganizationRow;
  plan: Plan;
}

const fits = (plan: Plan, organizations: number) => plan.max_organizations === 0 || plan.max_organizations >= organizations;

/** Why `plan` cannot be the live plan of this account, or undefined when it can. */
function planProblem(code: string, plan: Plan | undefined, organizations: number, lang: Language): string | undefined {
  if (!plan) return goLiveText(lang, 'unknown_plan', { plan: code, plans: priceList().plans.filter((p) => p.live_allowed).map((p) => p.code).join(', ') });
  if (!plan.live_allowed) return goLiveText(lang, 'plan_not_live', { plan: code });
  if (!fits(plan, organizations)) return goLiveText(lang, 'plan_too_small', { plan: code, max: plan.max_organizations, count: organizations });
  return undefined;
}

/**
 * The plan the licence gets: the one asked for, else the current one when it allows production, else the
 * smallest that allows it for this many organizations. A string: why the one asked for cannot be.
 */
function livePlan(account: AccountRow, organizations: number, request: GoLiveRequest): Plan | string {
  if (request.plan !== undefined) {
    const plan = findPlan(request.plan);
    return planProblem(request.plan, plan, organizations, request.lang) ?? plan!;
  }
  const current = findPlan(account.plan);
  if (current?.live_allowed && fits(current, organizations)) return current;
  const live = priceList().plans.filter((p) => p.live_allowed);
  return live.find((p) => fits(p, organizations)) ?? live[live.length - 1]!;
}

/**
 * Checks the organization (422 with a field-path error for each thing missing), then — unless a dry run —
 * sets the licence and the organization's default environment. Idempotent: a live organization on a live
 * plan stays as it is.
 */
export function goLive(deps: VaultDeps, account: AccountRow, organization: OrganizationRow, request: GoLiveRequest): GoLiveResult {
  const problems = productionProblems(deps, organization, request.lang);
  const db = deps.store.db;
  const plan = livePlan(account, countOrganizations(db, account.id), request);
  // Every problem at once: the owner fixes the plan and the certificate in one go.
  if (typeof plan === 'string') problems['plan'] = [plan];
  if (typeof plan === 'string' || Object.keys(problems).length > 0) throw validationError(problems);
  if (request.dryRun) return { account, organization, plan };
  const now = deps.clock.now();
  return deps.store.transaction((tx) => {
    const updated = updateAccount(tx, account.id, { plan: plan.code, status: 'active' }, now)!;
    const live = updateOrganization(tx, organization.id, { defaultEnvironment: 'production', updatedAt: now.toISOString() }) ?? organization;
    return { account: updated, organization: live, plan };
  });
}
