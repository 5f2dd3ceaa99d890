/** The local account: created on first start in status `sandbox`. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { prepared } from './prepared.ts';
import type { Db } from './database.ts';
import { accounts } from './schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export const DEFAULT_PLAN = 'sandbox';

/** The account of this installation, created the first time it is asked for. */
export function localAccount(db: Db, now: Date): AccountRow {
  const existing = db.select().from(accounts).limit(1).get();
  if (existing) return existing;
  const row: AccountRow = {
    id: randomUUID(),
    name: 'Local account',
    billingEmail: null,
    plan: DEFAULT_PLAN,
    status: 'sandbox',
    pastDueSince: null,
    archiveEnabled: false,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  db.insert(accounts).values(row).run();
  return row;
}

export function getAccount(db: Db, id: string): AccountRow | undefined {
  return prepared(db, 'accountById', () => db.select().from(accounts).where(eq(accounts.id, sql.placeholder('id'))).prepare()).get({ id });
}

/**
 * `past_due_since` follows the status: set to `now` when the account becomes past_due (kept while it stays
 * so), cleared when it leaves that status (docs/account.md).
 */
function pastDueSince(current: AccountRow | undefined, status: string | undefined, now: Date): Pick<AccountRow, 'pastDueSince'> | undefined {
  if (status === undefined || !current) return undefined;
  if (status !== 'past_due') return { pastDueSince: null };
  return { pastDueSince: current.status === 'past_due' && current.pastDueSince ? current.pastDueSince : now.toISOString() };
}

export function updateAccount(db: Db, id: string, changes: Partial<Pick<AccountRow, 'plan' | 'status' | 'name' | 'billingEmail' | 'archiveEnabled'>>, now: Date): AccountRow | undefined {
  const since = pastDueSince(changes.status === undefined ? undefined : getAccount(db, id), changes.status, now);
  db.update(accounts).set({ ...changes, ...since, updatedAt: now.toISOString() }).where(eq(accounts.id, id)).run();
  return getAccount(db, id);
}
