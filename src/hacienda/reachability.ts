/**
 * What the app knows about the tax authority's reachability, per environment: the last token (IdP)
 * check and the last API check, fed by every real call and by periodic probes. The probes need no
 * credentials: an IdP that refuses a dummy login and an API that answers 401 to an anonymous request
 * are both up. Feeds GET /hacienda/status, GET /status and the offline decision.
 */
import type { Clock } from '../domain/clock.ts';
import { systemClock } from '../domain/clock.ts';
import { clientIdFor, type HaciendaConfig } from './config.ts';
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
  environments?: HaciendaEnvironment[];
}

const ENVIRONMENTS: HaciendaEnvironment[] = ['staging', 'production'];

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
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | undefined;

  constructor(private readonly options: ReachabilityOptions) {
    this.clock = options.clock ?? systemClock;
  }

  recordToken(environment: HaciendaEnvironment, available: boolean, responseTimeMs: number, detail: string): void {
    this.record(`${environment}:token`, available, responseTimeMs, detail);
  }

  recordApi(environment: HaciendaEnvironment, available: boolean, responseTimeMs: number, detail: string): void {
    this.record(`${environment}:api`, available, responseTimeMs, detail);
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

  /** Probes every environment now and then every intervalMs, until stop(). */
  start(): void {
    if (this.timer !== undefined) return;
    const run = (): void => {
      this.probing = Promise.all((this.options.environments ?? ENVIRONMENTS).map((e) => this.probe(e))).then(() => undefined);
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
    const body = new URLSearchParams({ grant_type: 'password', client_id: clientIdFor(environment), username: 'probe', password: 'probe' });
    const result = await call(this.options.config[environment].idpUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    }, this.options.timeoutMs ?? 10_000);
    this.recordResult(environment, 'token', result, [200, 400, 401]);
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
