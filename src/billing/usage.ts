/**
 * Period usage (spec, Usage): 1 unit per production document, 0.5 per receiver message, counted when
 * submitted, so documents still awaiting a verdict already use quota. Packs are not sold yet (no table):
 * `pack_remaining` is 0 (docs/account.md).
 */
import type { Db } from '../store/database.ts';
import type { AccountRow } from '../store/accounts.ts';
import { inFlightCount, periodCounts } from '../store/usage.ts';
import { billingPeriod, formatPeriodBound } from './period.ts';
import { findPlan } from './price-list.ts';

export const DOCUMENT_UNITS = 1;
export const RECEIVER_MESSAGE_UNITS = 0.5;

export interface Usage {
  plan: string;
  status: string;
  period_start: string;
  period_end: string; // exclusive: the first instant of the next period
  included_docs: number;
  used: number;
  remaining: number;
  pack_remaining: number;
  in_flight: number;
  active_organizations: number;
}

export function accountUsage(db: Db, account: AccountRow, now: Date): Usage {
  const period = billingPeriod(now);
  const counts = periodCounts(db, account.id, period.start, period.end);
  const includedDocs = findPlan(account.plan)?.included_docs ?? 0;
  const packRemaining = 0;
  const used = counts.documents * DOCUMENT_UNITS + counts.receiverMessages * RECEIVER_MESSAGE_UNITS;
  return {
    plan: account.plan,
    status: account.status,
    period_start: formatPeriodBound(period.start),
    period_end: formatPeriodBound(period.end),
    included_docs: includedDocs,
    used,
    remaining: Math.max(0, includedDocs + packRemaining - used),
    pack_remaining: packRemaining,
    in_flight: inFlightCount(db, account.id),
    active_organizations: counts.activeOrganizations,
  };
}
