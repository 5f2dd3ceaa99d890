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

export function updateAccount(db: Db, id: string, changes: Partial<Pick<AccountRow, 'plan' | 'status' | 'name' | 'billingEmail' | 'archiveEnabled'>>, now: Date): AccountRow | undefined {
  db.update(accounts).set({ ...changes, updatedAt: now.toISOString() }).where(eq(accounts.id, id)).run();
  return getAccount(db, id);
}
