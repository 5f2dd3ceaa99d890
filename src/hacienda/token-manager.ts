/**
 * IdP tokens (Keycloak password grant, Guía IdP) cached per organization and environment: reused while
 * the access token lives, renewed with the refresh token shortly before it expires, and obtained by a
 * full login again when the refresh token has expired or is refused. Concurrent callers share one
 * request per key. It also remembers, per organization and environment, whether the IdP last accepted or
 * refused the stored credentials (`verdict`), which the screens show as "credentials rejected".
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

/** What the IdP last said of an organization's credentials in an environment. */
export type CredentialsVerdict = 'accepted' | 'rejected';

function isGrant(value: unknown): value is Grant {
  const v = value as Partial<Grant> | null;
  return typeof v?.access_token === 'string' && typeof v.expires_in === 'number' &&
    typeof v.refresh_token === 'string' && typeof v.refresh_expires_in === 'number';
}

export class TokenManager {
  private readonly sessions = new Map<string, Session>();
  private readonly inFlight = new Map<string, Promise<TokenResult>>();
  private readonly verdicts = new Map<string, CredentialsVerdict>();
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

  /** Forgets the session and the verdict (credentials changed or the organization signed out). */
  forget(environment: HaciendaEnvironment, credentials: Pick<HaciendaCredentials, 'organizationId'>): void {
    this.sessions.delete(keyOf(environment, credentials));
    this.verdicts.delete(keyOf(environment, credentials));
  }

  /** Forgets every session and verdict (the stored credentials were all replaced: a restored backup). */
  reset(): void {
    this.sessions.clear();
    this.verdicts.clear();
  }

  /** Whether the IdP last accepted or refused these stored credentials; undefined: not tried since start or save. */
  verdict(environment: HaciendaEnvironment, organizationId: string): CredentialsVerdict | undefined {
    return this.verdicts.get(keyOf(environment, { organizationId }));
  }

  /**
   * Tries credentials that are about to be saved: one password grant within `timeoutMs`. Accepted ones
   * become the session (the first delivery then needs no login); refused or unreachable ones change
   * nothing, since the stored credentials stay as they were.
   */
  async verify(environment: HaciendaEnvironment, credentials: HaciendaCredentials, timeoutMs: number): Promise<TokenResult> {
    const login = await this.request(environment, { grant_type: 'password', username: credentials.username, password: credentials.password }, timeoutMs);
    return login.ok ? this.store(keyOf(environment, credentials), credentials, login.grant) : failure(login);
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
    if (login.reason === 'refused') this.verdicts.set(key, 'rejected');
    return failure(login);
  }

  private store(key: string, credentials: HaciendaCredentials, grant: Grant): TokenResult {
    const now = this.clock.now().getTime();
    this.verdicts.set(key, 'accepted');
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

  /**
   * One token request. Only `invalid_grant` (400/401) says the ATV user, password or refresh token is wrong;
   * another refusal (`invalid_client`: a client id the configuration got wrong) is not the shopkeeper's to
   * fix on the certificate screen, so it counts with the failures that mean "not reachable as configured".
   */
  private async request(environment: HaciendaEnvironment, fields: Record<string, string>, timeoutMs = this.timeoutMs): Promise<GrantResult> {
    const body = new URLSearchParams({ ...fields, client_id: clientIdFor(environment) });
    const result = await call(this.options.config[environment].idpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: body.toString(),
    }, timeoutMs);
    if (result.kind === 'network') {
      this.options.monitor?.recordToken(environment, false, result.ms, result.error);
      return { ok: false, reason: 'unreachable', error: result.error };
    }
    const { response, ms } = result;
    const json: unknown = await response.json().catch(() => undefined);
    const refusal = (json as { error?: unknown } | undefined)?.error;
    if ((response.status === 400 || response.status === 401) && refusal === 'invalid_grant') {
      this.options.monitor?.recordToken(environment, true, ms, 'ok');
      return { ok: false, reason: 'refused', error: refusal };
    }
    const ok = response.ok && isGrant(json);
    this.options.monitor?.recordToken(environment, ok, ms, ok ? 'ok' : `HTTP ${response.status}`);
    if (!response.bodyUsed) await drain(response);
    const detail = typeof refusal === 'string' ? `: ${refusal.slice(0, 60)}` : '';
    return ok ? { ok: true, grant: json } : { ok: false, reason: 'unreachable', error: `IdP answered HTTP ${response.status}${detail}` };
  }
}

/** A failed login as the callers see it: refused credentials, or a tax authority that did not answer. */
function failure(login: Extract<GrantResult, { ok: false }>): TokenResult {
  return { ok: false, reason: login.reason === 'refused' ? 'credentials_rejected' : 'unreachable', error: login.error };
}

function keyOf(environment: HaciendaEnvironment, credentials: Pick<HaciendaCredentials, 'organizationId'>): string {
  return `${credentials.organizationId}\u0000${environment}`;
}
