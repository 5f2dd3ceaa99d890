/**
 * A running tally of each account's production usage in the current period, kept per store handle.
 * Documents are never deleted (they are fiscal records) and the fields counted here never change, so a
 * reading only looks at the rows added since the previous one: the issuing path pays for one indexed
 * query that usually returns nothing, instead of a scan of the month (src/store/usage.ts).
 */
import type { Db } from '../store/database.ts';
import { firstDocumentIdFrom, productionRowsAfter } from '../store/usage.ts';
import type { BillingPeriod } from './period.ts';
import { isReceiverMessageType } from '../domain/consecutive.ts';

/** MensajeReceptor: acceptance, partial acceptance, rejection. */

export interface PeriodTally {
  documents: number;
  receiverMessages: number;
  organizations: ReadonlySet<number>;
}

interface Tally {
  periodStart: number;
  lastId: number; // rows up to this id have been read
  documents: number;
  receiverMessages: number;
  organizations: Set<number>;
}

const tallies = new WeakMap<Db, Map<string, Tally>>();

function emptyTally(db: Db, period: BillingPeriod): Tally {
  return { periodStart: period.start.getTime(), lastId: firstDocumentIdFrom(db, period.start) - 1, documents: 0, receiverMessages: 0, organizations: new Set() };
}

function count(tally: Tally, rows: ReturnType<typeof productionRowsAfter>, period: BillingPeriod): void {
  const from = period.start.toISOString();
  const to = period.end.toISOString();
  for (const row of rows) {
    tally.lastId = row.id;
    // Created outside the period despite its id: an imported document, or one of the next period.
    if (row.createdAt < from || row.createdAt >= to) continue;
    if (isReceiverMessageType(row.documentType)) tally.receiverMessages++;
    else tally.documents++;
    tally.organizations.add(row.organizationId);
  }
}

/** Forgets the tallies of `db` (its documents were replaced by a restore: ids may repeat). */
export function forgetTallies(db: Db): void {
  tallies.delete(db);
}

export function periodTally(db: Db, accountId: string, period: BillingPeriod): PeriodTally {
  let perAccount = tallies.get(db);
  if (!perAccount) tallies.set(db, (perAccount = new Map()));
  const cached = perAccount.get(accountId);
  const base = cached?.periodStart === period.start.getTime() ? cached : emptyTally(db, period);
  const tally = { ...base, organizations: new Set(base.organizations) };
  count(tally, productionRowsAfter(db, accountId, tally.lastId), period);
  // Rows read inside an open transaction may still be rolled back: remember committed readings only.
  if (!db.$client.inTransaction) perAccount.set(accountId, tally);
  return tally;
}
