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
    FROM (SELECT 1) AS one
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

/**
 * For a session whose organization does not resolve (the chosen one deactivated since, or none active): the
 * organization whose counter still governs it — its signed-in cashier's, while that cashier is active in an
 * organization of the account (active or not); else the chosen one itself if it has active cashiers (a
 * cashier signed out by the inactivity lock is still at that counter); else the account's first active
 * organization with an active cashier. Undefined: no cashier could be asked of it (a fresh install, a shop
 * without cashiers).
 */
export function strandedCounterOrganization(db: Db, accountId: string, cashierId: number | null, chosenUuid: string | null): number | undefined {
  const statement = prepared(db, 'strandedCounterOrganization', () => db.$client.prepare(`
    SELECT organization_id FROM (
      SELECT 0 AS rank, c.organization_id FROM cashiers c JOIN organizations o ON o.id = c.organization_id
        WHERE c.id = @cashier AND c.active = 1 AND o.account_id = @account
      UNION ALL
      SELECT 1 AS rank, o.id FROM organizations o
        WHERE o.account_id = @account AND o.uuid = @chosen
          AND EXISTS (SELECT 1 FROM cashiers c WHERE c.organization_id = o.id AND c.active = 1)
      UNION ALL
      SELECT 2 AS rank, o.id FROM organizations o
        WHERE o.account_id = @account AND o.is_active = 1 AND o.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM cashiers c WHERE c.organization_id = o.id AND c.active = 1)
    ) AS candidates ORDER BY rank, organization_id LIMIT 1`));
  const row = statement.get({ account: accountId, cashier: cashierId, chosen: chosenUuid }) as { organization_id: number } | undefined;
  return row?.organization_id;
}
