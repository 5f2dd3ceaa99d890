/**
 * What the app knows about the tax authority's reachability, per environment: the last token (IdP)
 * check and the last API check, fed by every real call and by periodic probes. Feeds GET
 * /hacienda/status, GET /status and the offline decision.
 *
 * The probes never log in: the real IdP counts a dummy login as a failed one (every 60 s, 2,880 a day per
 * install, enough to get a shop's address blocked), so the IdP is probed by reading its realm's public
 * OpenID configuration document, and the API by an anonymous request it answers 401. They run only for
 * the environments the installation uses (`environments`, asked again at every period), and skip an
 * environment whose real calls (tokens, receptions, status polls) answered within the last period:
 * real traffic is contact enough (docs/contingency.md).
 */
import type { Clock } from '../domain/clock.ts';
import { systemClock } from '../domain/clock.ts';
import type { HaciendaConfig } from './config.ts';
import { call, drain } from './http.ts';
import type { HaciendaEnvironment } from './types.ts';

export interface Check {
  available: boolean;
  checked_at: string;
  response_time_ms: number;
  /** 'ok' or what went wrong (timeout, ECONNREFUSED, HTTP 503…). */
  detail: string;
}

export type ReachabilityMessage = 'ok' | 'token_unavailable' | 'api_unavailable' | 'down' | 'unknown';

export interface ReachabilityStatus {
  available: boolean;
  message: ReachabilityMessage;
  token: Check | null;
  api: Check | null;
  /** The last time the API answered, kept while the tax authority is unreachable. */
  lastSuccess: string | null;
}

/** What the token manager and the Recepción client report after each call. */
export interface CheckRecorder {
  recordToken(environment: HaciendaEnvironment, available: boolean, responseTimeMs: number, detail: string): void;
  recordApi(environment: HaciendaEnvironment, available: boolean, responseTimeMs: number, detail: string): void;
}

export interface ReachabilityOptions {
  config: HaciendaConfig;
  clock?: Clock;
  /** Probe period; default 60 s. */
  intervalMs?: number;
  /** Timeout of each probe; default 10 s. */
  timeoutMs?: number;
  /** The environments to probe (default both); a function is asked again at every period. */
  environments?: HaciendaEnvironment[] | (() => HaciendaEnvironment[]);
}

const ENVIRONMENTS: HaciendaEnvironment[] = ['staging', 'production'];

const TOKEN_PATH = '/protocol/openid-connect/token';

/**
 * The realm's public OpenID configuration (`<realm>/.well-known/openid-configuration`), from the token
 * endpoint URL (`<realm>/protocol/openid-connect/token`); a URL of another shape is probed itself, by GET.
 */
export function openIdConfigurationUrl(tokenUrl: string): string {
  const url = new URL(tokenUrl);
  if (!url.pathname.endsWith(TOKEN_PATH)) return tokenUrl;
  url.pathname = `${url.pathname.slice(0, -TOKEN_PATH.length)}/.well-known/openid-configuration`;
  url.search = '';
  return url.toString();
}

function messageOf(token: Check | null, api: Check | null): ReachabilityMessage {
  if (token === null && api === null) return 'unknown';
  const tokenUp = token?.available ?? true;
  const apiUp = api?.available ?? true;
  if (tokenUp && apiUp) return 'ok';
  if (!tokenUp && !apiUp) return 'down';
  return tokenUp ? 'api_unavailable' : 'token_unavailable';
}

export class ReachabilityMonitor implements CheckRecorder {
  private readonly checks = new Map<string, Check>();
  private readonly clock: Clock;
  private readonly lastSuccess = new Map<string, string>();
  /** When a real call (not a probe) last got an answer from the environment, in ms. */
  private readonly lastRealAnswer = new Map<HaciendaEnvironment, number>();
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;

  constructor(private readonly options: ReachabilityOptions) {
    this.clock = options.clock ?? systemClock;
  }

  recordToken(environment: HaciendaEnvironment, available: boolean, responseTimeMs: number, detail: string): void {
    this.noteRealCall(environment, available);
    this.record(`${environment}:token`, available, responseTimeMs, detail);
  }

  recordApi(environment: HaciendaEnvironment, available: boolean, responseTimeMs: number, detail: string): void {
    this.noteRealCall(environment, available);
    this.record(`${environment}:api`, available, responseTimeMs, detail);
  }

  /** A failed real call does not count: the probe then tells whether the whole service is down. */
  private noteRealCall(environment: HaciendaEnvironment, available: boolean): void {
    if (available) this.lastRealAnswer.set(environment, this.clock.now().getTime());
    else this.lastRealAnswer.delete(environment);
  }

  status(environment: HaciendaEnvironment): ReachabilityStatus {
    const token = this.checks.get(`${environment}:token`) ?? null;
    const api = this.checks.get(`${environment}:api`) ?? null;
    const message = messageOf(token, api);
    return { available: message === 'ok', message, token, api, lastSuccess: this.lastSuccess.get(environment) ?? null };
  }

  /** Probes the IdP and the API of one environment now. */
  async probe(environment: HaciendaEnvironment): Promise<ReachabilityStatus> {
    await Promise.all([this.probeToken(environment), this.probeApi(environment)]);
    return this.status(environment);
  }

  /**
   * The environments a periodic run probes now: those in use, less those whose real calls answered
   * within the last period.
   */
  dueForProbe(): HaciendaEnvironment[] {
    const configured = this.options.environments ?? ENVIRONMENTS;
    const inUse = typeof configured === 'function' ? configured() : configured;
    const now = this.clock.now().getTime();
    const period = this.options.intervalMs ?? 60_000;
    return inUse.filter((e) => now - (this.lastRealAnswer.get(e) ?? -Infinity) >= period);
  }

  /** Probes the environments due now and then every intervalMs, until stop(). */
  start(): void {
    if (this.timer !== undefined) return;
    const run = (): void => {
      this.probing = Promise.all(this.dueForProbe().map((e) => this.probe(e))).then(() => undefined);
    };
    run();
    this.timer = setInterval(run, this.options.intervalMs ?? 60_000);
    this.timer.unref();
  }

  /** Stops the periodic probes and waits for one in progress. */
  async stop(): Promise<void> {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.probing;
  }

  private record(key: string, available: boolean, responseTimeMs: number, detail: string): void {
    const at = this.clock.now().toISOString();
    this.checks.set(key, { available, checked_at: at, response_time_ms: responseTimeMs, detail });
    // Contact means the API (which takes the documents) answered; the IdP alone is not enough.
    if (available && key.endsWith(':api')) this.lastSuccess.set(key.slice(0, key.indexOf(':')), at);
  }

  private async probeToken(environment: HaciendaEnvironment): Promise<void> {
    const result = await call(openIdConfigurationUrl(this.options.config[environment].idpUrl), { method: 'GET' }, this.options.timeoutMs ?? 10_000);
    // Keycloak serves the document to anyone (200); a token endpoint configured under another path
    // answers a GET with 405 (or 400/401), which also means "up".
    this.recordResult(environment, 'token', result, [200, 400, 401, 405]);
  }

  private async probeApi(environment: HaciendaEnvironment): Promise<void> {
    const result = await call(`${this.options.config[environment].apiUrl}recepcion`, { method: 'GET' }, this.options.timeoutMs ?? 10_000);
    // Without a token a live API answers 401 (some gateways 403/404/405): all mean "up".
    this.recordResult(environment, 'api', result, [200, 401, 403, 404, 405]);
  }

  private recordResult(environment: HaciendaEnvironment, which: 'token' | 'api', result: Awaited<ReturnType<typeof call>>, up: number[]): void {
    if (result.kind === 'network') return this.record(`${environment}:${which}`, false, result.ms, result.error);
    void drain(result.response);
    const available = up.includes(result.response.status);
    this.record(`${environment}:${which}`, available, result.ms, available ? 'ok' : `HTTP ${result.response.status}`);
  }
}
