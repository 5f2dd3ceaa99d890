/**
 * IdP tokens (Keycloak password grant, Guía IdP) cached per organization and environment: reused while
 * the access token lives, renewed with the refresh token shortly before it expires, and obtained by a
 * full login again when the refresh token has expired or is refused. Concurrent callers share one
 * request per key.
 */
import type { Clock } from '../domain/clock.ts';
import { systemClock } from '../domain/clock.ts';
import { clientIdFor, type HaciendaConfig } from './config.ts';
import { call, DEFAULT_TIMEOUT_MS, drain } from './http.ts';
import type { CheckRecorder } from './reachability.ts';
import type { HaciendaCredentials, HaciendaEnvironment } from './types.ts';

export type TokenResult =
  | { ok: true; token: string }
  | { ok: false; reason: 'credentials_rejected' | 'unreachable'; error: string };

export interface TokenManagerOptions {
  config: HaciendaConfig;
  clock?: Clock;
  timeoutMs?: number;
  /** Renew this many seconds before expiry, so a token never dies in flight. Default 30. */
  marginSeconds?: number;
  monitor?: CheckRecorder;
}

interface Session {
  username: string;
  password: string;
  accessToken: string;
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
}

interface Grant {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_expires_in: number;
}

type GrantResult = { ok: true; grant: Grant } | { ok: false; reason: 'refused' | 'unreachable'; error: string };

function isGrant(value: unknown): value is Grant {
  const v = value as Partial<Grant> | null;
  return typeof v?.access_token === 'string' && typeof v.expires_in === 'number' &&
    typeof v.refresh_token === 'string' && typeof v.refresh_expires_in === 'number';
}

export class TokenManager {
  private readonly sessions = new Map<string, Session>();
  private readonly inFlight = new Map<string, Promise<TokenResult>>();
  private readonly clock: Clock;
  private readonly timeoutMs: number;
  private readonly marginMs: number;

  constructor(private readonly options: TokenManagerOptions) {
    this.clock = options.clock ?? systemClock;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.marginMs = (options.marginSeconds ?? 30) * 1000;
  }

  /** A live access token for these credentials. */
  getToken(environment: HaciendaEnvironment, credentials: HaciendaCredentials): Promise<TokenResult> {
    return this.once(environment, credentials, false);
  }

  /** A new access token even if the cached one looks alive (after the API answered 401). */
  renewToken(environment: HaciendaEnvironment, credentials: HaciendaCredentials): Promise<TokenResult> {
    return this.once(environment, credentials, true);
  }

  /** Forgets the session (credentials changed or the organization signed out). */
  forget(environment: HaciendaEnvironment, credentials: HaciendaCredentials): void {
    this.sessions.delete(keyOf(environment, credentials));
  }

  private once(environment: HaciendaEnvironment, credentials: HaciendaCredentials, force: boolean): Promise<TokenResult> {
    const key = keyOf(environment, credentials);
    const running = this.inFlight.get(key);
    if (running) return running;
    const promise = this.obtain(key, environment, credentials, force).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }

  private async obtain(key: string, environment: HaciendaEnvironment, credentials: HaciendaCredentials, force: boolean): Promise<TokenResult> {
    const now = this.clock.now().getTime();
    let session = this.sessions.get(key);
    if (session && (session.username !== credentials.username || session.password !== credentials.password)) session = undefined;
    if (session && !force && session.accessExpiresAt - this.marginMs > now) return { ok: true, token: session.accessToken };
    if (session && session.refreshExpiresAt - this.marginMs > now) {
      const refreshed = await this.request(environment, { grant_type: 'refresh_token', refresh_token: session.refreshToken });
      if (refreshed.ok) return this.store(key, credentials, refreshed.grant);
      if (refreshed.reason === 'unreachable') return { ok: false, reason: 'unreachable', error: refreshed.error };
      // The refresh token was refused (revoked, server restarted): log in again.
    }
    this.sessions.delete(key);
    const login = await this.request(environment, { grant_type: 'password', username: credentials.username, password: credentials.password });
    if (login.ok) return this.store(key, credentials, login.grant);
    return { ok: false, reason: login.reason === 'refused' ? 'credentials_rejected' : 'unreachable', error: login.error };
  }

  private store(key: string, credentials: HaciendaCredentials, grant: Grant): TokenResult {
    const now = this.clock.now().getTime();
    this.sessions.set(key, {
      username: credentials.username,
      password: credentials.password,
      accessToken: grant.access_token,
      accessExpiresAt: now + grant.expires_in * 1000,
      refreshToken: grant.refresh_token,
      refreshExpiresAt: now + grant.refresh_expires_in * 1000,
    });
    return { ok: true, token: grant.access_token };
  }

  /** One token request; 400/401 are refusals, anything else that is not a grant means unreachable. */
  private async request(environment: HaciendaEnvironment, fields: Record<string, string>): Promise<GrantResult> {
    const body = new URLSearchParams({ ...fields, client_id: clientIdFor(environment) });
    const result = await call(this.options.config[environment].idpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: body.toString(),
    }, this.timeoutMs);
    if (result.kind === 'network') {
      this.options.monitor?.recordToken(environment, false, result.ms, result.error);
      return { ok: false, reason: 'unreachable', error: result.error };
    }
    const { response, ms } = result;
    const json: unknown = await response.json().catch(() => undefined);
    if (response.status === 400 || response.status === 401) {
      this.options.monitor?.recordToken(environment, true, ms, 'ok');
      const error = (json as { error?: string } | undefined)?.error ?? `HTTP ${response.status}`;
      return { ok: false, reason: 'refused', error };
    }
    const ok = response.ok && isGrant(json);
    this.options.monitor?.recordToken(environment, ok, ms, ok ? 'ok' : `HTTP ${response.status}`);
    if (!response.bodyUsed) await drain(response);
    return ok ? { ok: true, grant: json } : { ok: false, reason: 'unreachable', error: `IdP answered HTTP ${response.status}` };
  }
}

function keyOf(environment: HaciendaEnvironment, credentials: HaciendaCredentials): string {
  return `${credentials.organizationId}\u0000${environment}`;
}
