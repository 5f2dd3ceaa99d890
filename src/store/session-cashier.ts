/**
 * The cashier a browser session signed in with its PIN (docs/tills.md, "The session's cashier"): columns
 * `cashier_id` and `cashier_seen_at` of `browser_sessions`, found by the digest of the cookie's secret as
 * the session itself is (browser-sessions.ts).
 */
import { eq } from 'drizzle-orm';
import { CASHIER_ROLES, type SessionCashier } from '../domain/cashier.ts';
import type { Db } from './database.ts';
import { hashSecret } from './api-keys.ts';
import { prepared } from './prepared.ts';
import { browserSessions } from './schema.ts';
import { DEFAULT_TILL_SETTINGS } from './till-settings.ts';

/** What a session's request needs to know of its organization's counter, read in one statement. */
export interface CounterState {
  /** The organization has an active cashier: its sessions need one signed in. */
  required: boolean;
  lockAfterMinutes: number;
  discountLimitPercent: string;
  /** The session's cashier, when it is still an active cashier of this organization. */
  cashier?: SessionCashier;
}

interface CounterRow {
  required: number;
  lock_after: number | null;
  discount_limit: string | null;
  id: number | null;
  name: string | null;
  role: string | null;
}

/**
 * One statement per session request (on the primary keys and the `cashiers_organization` index): whether the
 * organization has cashiers, its lock and discount settings, and the session's cashier if it is still valid.
 */
export function readCounterState(db: Db, organizationId: number, cashierId: number | null): CounterState {
  const statement = prepared(db, 'counterState', () => db.$client.prepare(`
    SELECT EXISTS (SELECT 1 FROM cashiers WHERE organization_id = @org AND active = 1) AS required,
      s.lock_after_minutes AS lock_after, s.discount_limit_percent AS discount_limit, c.id, c.name, c.role
    FROM (SELECT 1)
    LEFT JOIN till_settings s ON s.organization_id = @org
    LEFT JOIN cashiers c ON c.id = @cashier AND c.organization_id = @org AND c.active = 1`));
  const row = statement.get({ org: organizationId, cashier: cashierId }) as CounterRow;
  const role = CASHIER_ROLES.find((r) => r === row.role);
  return {
    required: row.required === 1,
    lockAfterMinutes: row.lock_after ?? DEFAULT_TILL_SETTINGS.lockAfterMinutes,
    discountLimitPercent: row.discount_limit ?? DEFAULT_TILL_SETTINGS.discountLimitPercent,
    ...(row.id !== null && row.name !== null && role ? { cashier: { id: row.id, name: row.name, role } } : {}),
  };
}

/** Signs `cashierId` in on the session (a switch is the same): seen now. */
export function setSessionCashier(db: Db, secret: string, cashierId: number, now: Date): void {
  db.update(browserSessions).set({ cashierId, cashierSeenAt: now.toISOString() }).where(eq(browserSessions.secretHash, hashSecret(secret))).run();
}

/** "Bloquear", or the inactivity lock: the session has no cashier until the next PIN. */
export function clearSessionCashier(db: Db, secret: string): void {
  db.update(browserSessions).set({ cashierId: null, cashierSeenAt: null }).where(eq(browserSessions.secretHash, hashSecret(secret))).run();
}

/** The cashier made a request now (the inactivity lock counts from here). */
export function touchSessionCashier(db: Db, secret: string, now: Date): void {
  const statement = prepared(db, 'touchSessionCashier', () => db.$client.prepare('UPDATE browser_sessions SET cashier_seen_at = ? WHERE secret_hash = ?'));
  statement.run(now.toISOString(), hashSecret(secret));
}
