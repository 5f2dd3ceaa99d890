/**
 * One-time login tokens and browser sessions (docs/browser-access.md). Sessions and this server's own
 * tokens live in memory only: a restart forgets them all — a cookie of a previous run, or of another
 * server, is unknown here and refused. The one exception is a token `facturador login-url` made in
 * another process, which reaches this one through the database (`stored`, store/login-tokens.ts). All
 * are 256-bit random values, compared by Map lookup of the exact string (or of its digest, stored ones).
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../domain/clock.ts';

/** A login URL is for the shopkeeper at the machine right now, not a standing credential. */
export const LOGIN_TOKEN_TTL_MS = 10 * 60_000;
/** A working day at the counter; after that the shopkeeper signs in again. */
export const SESSION_TTL_MS = 12 * 60 * 60_000;

export interface BrowserSession {
  keyId: string;
  accountId: string;
  expiresAt: number;
  /** The organization chosen for this session (session-organization.ts); else the account's first. */
  organizationUuid?: string;
}

const newSecret = () => randomBytes(32).toString('base64url');

export class BrowserSessions {
  private readonly tokens = new Map<string, number>(); // token -> expires at (ms)
  private readonly sessions = new Map<string, BrowserSession>();

  /** `stored`: tokens another process made (`facturador login-url`, store/login-tokens.ts). */
  constructor(private readonly clock: Clock, private readonly stored?: (token: string) => boolean) {}

  issueLoginToken(): string {
    const token = newSecret();
    this.tokens.set(token, this.clock.now().getTime() + LOGIN_TOKEN_TTL_MS);
    return token;
  }

  /** True once per token, and only before it expires: a token seen in a log or a history is spent. */
  consumeLoginToken(token: string): boolean {
    const expiresAt = this.tokens.get(token);
    this.tokens.delete(token);
    if (expiresAt === undefined) return this.stored?.(token) ?? false;
    return expiresAt > this.clock.now().getTime();
  }

  create(keyId: string, accountId: string): string {
    const id = newSecret();
    this.sessions.set(id, { keyId, accountId, expiresAt: this.clock.now().getTime() + SESSION_TTL_MS });
    return id;
  }

  find(id: string): BrowserSession | undefined {
    const session = this.sessions.get(id);
    if (session && session.expiresAt <= this.clock.now().getTime()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  chooseOrganization(id: string, organizationUuid: string): void {
    const session = this.sessions.get(id);
    if (session) session.organizationUuid = organizationUuid;
  }

  end(id: string): void {
    this.sessions.delete(id);
  }
}
