/**
 * Period usage (spec, Usage): 1 unit per production document, 0.5 per receiver message, counted when
 * submitted, so documents still awaiting a verdict already use quota. Packs are not sold yet (no table):
 * `pack_remaining` is 0 (docs/account.md).
 */
import type { Db } from '../store/database.ts';
import type { AccountRow } from '../store/accounts.ts';
import { inFlightCount } from '../store/usage.ts';
import { billingPeriod, formatPeriodBound, type BillingPeriod } from './period.ts';
import { findPlan } from './price-list.ts';
import { periodTally, type PeriodTally } from './usage-tally.ts';

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

export interface Units {
  period: BillingPeriod;
  tally: PeriodTally;
  included: number;
  packRemaining: number;
  used: number;
  remaining: number; // never below 0
}

/** The units of the period: what the quota gate needs, without the in-flight count. */
export function periodUnits(db: Db, account: AccountRow, now: Date): Units {
  const period = billingPeriod(now);
  const tally = periodTally(db, account.id, period);
  const included = findPlan(account.plan)?.included_docs ?? 0;
  const packRemaining = 0;
  const used = tally.documents * DOCUMENT_UNITS + tally.receiverMessages * RECEIVER_MESSAGE_UNITS;
  return { period, tally, included, packRemaining, used, remaining: Math.max(0, included + packRemaining - used) };
}

export function accountUsage(db: Db, account: AccountRow, now: Date): Usage {
  const units = periodUnits(db, account, now);
  return {
    plan: account.plan,
    status: account.status,
    period_start: formatPeriodBound(units.period.start),
    period_end: formatPeriodBound(units.period.end),
    included_docs: units.included,
    used: units.used,
    remaining: units.remaining,
    pack_remaining: units.packRemaining,
    in_flight: inFlightCount(db, account.id),
    active_organizations: units.tally.organizations.size,
  };
}
