/**
 * Browser sessions in the store (docs/browser-access.md), so that a signed-in counter PC stays signed in
 * across server restarts. A row is found by the SHA-256 digest of the cookie's secret, the way API keys
 * are (api-keys.ts): the database and its backups never hold a secret that could be replayed.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { hashSecret } from './api-keys.ts';
import { prepared } from './prepared.ts';
import { browserSessions } from './schema.ts';

export type BrowserSessionRow = typeof browserSessions.$inferSelect;

export interface NewBrowserSession {
  accountId: string;
  keyId: string;
  endsAtRestart: boolean;
  expiresAt: Date;
}

export function insertBrowserSession(db: Db, secret: string, session: NewBrowserSession, now: Date): void {
  db.insert(browserSessions).values({
    secretHash: hashSecret(secret),
    accountId: session.accountId,
    keyId: session.keyId,
    endsAtRestart: session.endsAtRestart,
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  }).run();
}

/** The session of a cookie's secret while it is neither revoked nor expired; runs on every cookie request. */
export function findBrowserSession(db: Db, secret: string, now: Date): BrowserSessionRow | undefined {
  const statement = prepared(db, 'browserSessionByHash', () => db.select().from(browserSessions)
    .where(and(eq(browserSessions.secretHash, sql.placeholder('hash')), isNull(browserSessions.revokedAt), gt(browserSessions.expiresAt, sql.placeholder('now'))))
    .prepare());
  return statement.get({ hash: hashSecret(secret), now: now.toISOString() });
}

/** Moves a session's expiry on (sliding expiry): the caller decides how far and how often. */
export function renewBrowserSession(db: Db, secret: string, expiresAt: Date, now: Date): void {
  db.update(browserSessions).set({ lastUsedAt: now.toISOString(), expiresAt: expiresAt.toISOString() })
    .where(eq(browserSessions.secretHash, hashSecret(secret))).run();
}

export function chooseSessionOrganization(db: Db, secret: string, organizationUuid: string): void {
  db.update(browserSessions).set({ organizationUuid }).where(eq(browserSessions.secretHash, hashSecret(secret))).run();
}

/** Sign-out: the row stays (revoked) until it would have expired, then the purge takes it. */
export function revokeBrowserSession(db: Db, secret: string, now: Date): void {
  db.update(browserSessions).set({ revokedAt: now.toISOString() })
    .where(and(eq(browserSessions.secretHash, hashSecret(secret)), isNull(browserSessions.revokedAt))).run();
}

/**
 * Deletes the sessions past their expiry and, at a server start (`restarted`), those that end with the
 * run that made them (a desktop window's). Returns how many went.
 */
export function purgeBrowserSessions(db: Db, now: Date, restarted = false): number {
  const expired = lte(browserSessions.expiresAt, now.toISOString());
  return db.delete(browserSessions).where(restarted ? or(expired, eq(browserSessions.endsAtRestart, true)) : expired).run().changes;
}
