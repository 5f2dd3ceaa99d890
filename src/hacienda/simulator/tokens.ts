/**
 * The simulator's IdP sessions: opaque random tokens with an expiry, kept in memory. Refresh tokens
 * rotate (the old one dies when used), as Keycloak does by default.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../domain/clock.ts';

export interface TokenGrant {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
  token_type: 'bearer';
}

interface Session {
  username: string;
  expiresAt: number;
}

export class TokenStore {
  private readonly access = new Map<string, Session>();
  private readonly refresh = new Map<string, Session>();

  constructor(
    private readonly clock: Clock,
    private readonly accessSeconds: number,
    private readonly refreshSeconds: number,
  ) {}

  issue(username: string): TokenGrant {
    const now = this.clock.now().getTime();
    const accessToken = randomBytes(24).toString('base64url');
    const refreshToken = randomBytes(24).toString('base64url');
    this.access.set(accessToken, { username, expiresAt: now + this.accessSeconds * 1000 });
    this.refresh.set(refreshToken, { username, expiresAt: now + this.refreshSeconds * 1000 });
    return {
      access_token: accessToken,
      expires_in: this.accessSeconds,
      refresh_token: refreshToken,
      refresh_expires_in: this.refreshSeconds,
      token_type: 'bearer',
    };
  }

  /** The user of a live refresh token, consuming it; undefined when unknown or expired. */
  redeemRefresh(token: string): string | undefined {
    const session = this.live(this.refresh, token);
    this.refresh.delete(token);
    return session?.username;
  }

  revokeRefresh(token: string): void {
    this.refresh.delete(token);
  }

  /** The user of a live access token. */
  userOf(token: string | undefined): string | undefined {
    return token === undefined ? undefined : this.live(this.access, token)?.username;
  }

  private live(map: Map<string, Session>, token: string): Session | undefined {
    const session = map.get(token);
    if (session === undefined) return undefined;
    if (session.expiresAt <= this.clock.now().getTime()) {
      map.delete(token);
      return undefined;
    }
    return session;
  }
}
