/**
 * One-time login tokens and browser sessions (docs/browser-access.md). A session lives in the store
 * (store/browser-sessions.ts) under the SHA-256 digest of its secret, so a counter PC stays signed in
 * across server restarts while the database holds nothing a thief could replay. It slides: each use moves
 * its expiry SESSION_IDLE_MS ahead, never past SESSION_MAX_MS after sign-in. Sign-out revokes it; expired
 * rows are purged at each sign-in and at start. A desktop window's session (`endsAtRestart`) dies with
 * the server run that made it, as main/session-key.ts wants.
 *
 * This server's own login tokens live in memory only (a restart forgets them); a token `facturador
 * login-url` made in another process reaches this one through the database (store/login-tokens.ts). All
 * secrets are 256-bit random values.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../domain/clock.ts';
import type { Db } from '../../store/database.ts';
import { spendLoginToken } from '../../store/login-tokens.ts';
import {
  chooseSessionOrganization, findBrowserSession, insertBrowserSession, purgeBrowserSessions, renewBrowserSession, revokeBrowserSession,
} from '../../store/browser-sessions.ts';

/** A login URL is for the shopkeeper at the machine right now, not a standing credential. */
export const LOGIN_TOKEN_TTL_MS = 10 * 60_000;
/** Unused this long, a session ends: two weeks covers a shop's holidays without a terminal command. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60_000;
/** However much it is used, a session ends this long after sign-in: a copied cookie does not last for ever. */
export const SESSION_MAX_MS = 90 * 24 * 60 * 60_000;
/** A session's expiry moves on at most once a minute, so that reads do not each become a write. */
const RENEW_EVERY_MS = 60_000;

export interface BrowserSession {
  keyId: string;
  accountId: string;
  expiresAt: number;
  /** The organization chosen for this session (session-organization.ts); else the account's first. */
  organizationUuid?: string;
  /** The cashier signed in with a PIN and when it last made a request (session-cashier.ts, docs/tills.md). */
  cashierId?: number;
  cashierSeenAt?: string;
}

export interface LoginTokenOptions {
  /** The session it opens ends when this server stops (the desktop window's). */
  endsAtRestart?: boolean;
}

const newSecret = () => randomBytes(32).toString('base64url');

export class BrowserSessions {
  private readonly tokens = new Map<string, { expiresAt: number; endsAtRestart: boolean }>();

  constructor(private readonly clock: Clock, private readonly db: Db) {
    // A new server run: sessions of the last run's desktop window go, and so do expired ones.
    purgeBrowserSessions(db, clock.now(), true);
  }

  issueLoginToken(options: LoginTokenOptions = {}): string {
    const token = newSecret();
    this.tokens.set(token, { expiresAt: this.clock.now().getTime() + LOGIN_TOKEN_TTL_MS, endsAtRestart: options.endsAtRestart ?? false });
    return token;
  }

  /**
   * Once per token, and only before it expires (a token seen in a log or a history is spent): what the
   * session it opens should be, or undefined.
   */
  consumeLoginToken(token: string): LoginTokenOptions | undefined {
    const own = this.tokens.get(token);
    this.tokens.delete(token);
    const now = this.clock.now();
    if (own === undefined) return spendLoginToken(this.db, token, now) ? {} : undefined;
    return own.expiresAt > now.getTime() ? { endsAtRestart: own.endsAtRestart } : undefined;
  }

  /** A new session acting as `keyId`; returns the secret for the cookie (the store keeps its digest). */
  create(keyId: string, accountId: string, options: LoginTokenOptions = {}): string {
    const now = this.clock.now();
    purgeBrowserSessions(this.db, now);
    const secret = newSecret();
    insertBrowserSession(this.db, secret, { keyId, accountId, endsAtRestart: options.endsAtRestart ?? false, expiresAt: this.slid(now, now) }, now);
    return secret;
  }

  /** The live session of a cookie's secret (renewing it), or undefined when unknown, revoked or expired. */
  find(secret: string): BrowserSession | undefined {
    const now = this.clock.now();
    const row = findBrowserSession(this.db, secret, now);
    if (!row) return undefined;
    let expiresAt = Date.parse(row.expiresAt);
    if (now.getTime() - Date.parse(row.lastUsedAt) >= RENEW_EVERY_MS) {
      const renewed = this.slid(new Date(row.createdAt), now);
      renewBrowserSession(this.db, secret, renewed, now);
      expiresAt = renewed.getTime();
    }
    return {
      keyId: row.keyId,
      accountId: row.accountId,
      expiresAt,
      ...(row.organizationUuid === null ? {} : { organizationUuid: row.organizationUuid }),
      ...(row.cashierId === null ? {} : { cashierId: row.cashierId, ...(row.cashierSeenAt === null ? {} : { cashierSeenAt: row.cashierSeenAt }) }),
    };
  }

  chooseOrganization(secret: string, organizationUuid: string): void {
    chooseSessionOrganization(this.db, secret, organizationUuid);
  }

  /** Sign-out: the cookie is refused from now on, by this server and every later one. */
  end(secret: string): void {
    revokeBrowserSession(this.db, secret, this.clock.now());
  }

  /** The expiry after a use at `now` of a session signed in at `created`. */
  private slid(created: Date, now: Date): Date {
    return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, created.getTime() + SESSION_MAX_MS));
  }
}
