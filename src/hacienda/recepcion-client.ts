/**
 * The Recepción API: POST /recepcion and GET /recepcion/{clave}, with the outcomes the delivery code
 * acts on. A 401 renews the token once and retries once; network errors, timeouts and 5xx are
 * "unreachable" (retry later, maybe offline); "ya fue recibido anteriormente" is a duplicate (poll).
 */
import type { HaciendaConfig } from './config.ts';
import { call, DEFAULT_TIMEOUT_MS, drain, type CallResult } from './http.ts';
import type { CheckRecorder } from './reachability.ts';
import type { TokenManager } from './token-manager.ts';
import { IND_ESTADOS, type HaciendaCredentials, type HaciendaEnvironment, type IndEstado, type RecepcionBody } from './types.ts';

export type SubmitResult =
  | { outcome: 'received'; location?: string }
  | { outcome: 'duplicate'; cause: string }
  | { outcome: 'rejected'; status: number; cause: string }
  | { outcome: 'credentials_rejected'; error: string }
  | { outcome: 'unreachable'; error: string };

export type StatusResult =
  | { outcome: 'status'; state: IndEstado; date?: string; responseXml?: Buffer }
  | { outcome: 'not_found'; cause: string }
  | { outcome: 'credentials_rejected'; error: string }
  | { outcome: 'unreachable'; error: string };

export interface RecepcionClientOptions {
  config: HaciendaConfig;
  tokens: TokenManager;
  timeoutMs?: number;
  monitor?: CheckRecorder;
}

const DUPLICATE = /ya fue recibido anteriormente/i;

type Authorized = { ok: true; result: CallResult } | { ok: false; failure: { outcome: 'credentials_rejected' | 'unreachable'; error: string } };

export class RecepcionClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: RecepcionClientOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async submit(environment: HaciendaEnvironment, credentials: HaciendaCredentials, body: RecepcionBody): Promise<SubmitResult> {
    const url = `${this.options.config[environment].apiUrl}recepcion`;
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    const authorized = await this.authorizedCall(environment, credentials, url, init);
    if (!authorized.ok) return authorized.failure;
    const { result } = authorized;
    if (result.kind === 'network') return { outcome: 'unreachable', error: result.error };
    const { response } = result;
    await drain(response);
    const cause = response.headers.get('x-error-cause') ?? '';
    if (response.ok) return { outcome: 'received', location: response.headers.get('location') ?? undefined };
    if (response.status >= 500) return { outcome: 'unreachable', error: `HTTP ${response.status}${cause ? `: ${cause}` : ''}` };
    if (response.status === 400 && DUPLICATE.test(cause)) return { outcome: 'duplicate', cause };
    if (response.status === 401) return { outcome: 'credentials_rejected', error: cause || 'HTTP 401' };
    return { outcome: 'rejected', status: response.status, cause: cause || `HTTP ${response.status}` };
  }

  /** The state of a reception; `key` is the clave, or clave-consecutivoReceptor for a receiver message. */
  async status(environment: HaciendaEnvironment, credentials: HaciendaCredentials, key: string): Promise<StatusResult> {
    const url = `${this.options.config[environment].apiUrl}recepcion/${encodeURIComponent(key)}`;
    const authorized = await this.authorizedCall(environment, credentials, url, { method: 'GET', headers: { Accept: 'application/json' } });
    if (!authorized.ok) return authorized.failure;
    const { result } = authorized;
    if (result.kind === 'network') return { outcome: 'unreachable', error: result.error };
    const { response } = result;
    const cause = response.headers.get('x-error-cause') ?? '';
    if (response.status === 404) return drain(response).then(() => ({ outcome: 'not_found', cause }));
    if (!response.ok) {
      await drain(response);
      return response.status === 401
        ? { outcome: 'credentials_rejected', error: cause || 'HTTP 401' }
        : { outcome: 'unreachable', error: `HTTP ${response.status}${cause ? `: ${cause}` : ''}` };
    }
    return parseStatus(await response.json().catch(() => undefined));
  }

  /** A call with a bearer token; on 401 the token is renewed and the call repeated once. */
  private async authorizedCall(environment: HaciendaEnvironment, credentials: HaciendaCredentials, url: string, init: RequestInit): Promise<Authorized> {
    let token = await this.options.tokens.getToken(environment, credentials);
    for (let attempt = 0; ; attempt++) {
      if (!token.ok) return { ok: false, failure: { outcome: token.reason, error: token.error } };
      const result = await call(url, { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `bearer ${token.token}` } }, this.timeoutMs);
      this.record(environment, result);
      if (result.kind === 'network' || result.response.status !== 401 || attempt > 0) return { ok: true, result };
      await drain(result.response);
      token = await this.options.tokens.renewToken(environment, credentials);
    }
  }

  private record(environment: HaciendaEnvironment, result: CallResult): void {
    if (result.kind === 'network') return this.options.monitor?.recordApi(environment, false, result.ms, result.error);
    const up = result.response.status < 500;
    this.options.monitor?.recordApi(environment, up, result.ms, up ? 'ok' : `HTTP ${result.response.status}`);
  }
}

function parseStatus(json: unknown): StatusResult {
  const value = json as Record<string, unknown> | undefined;
  const state = value?.['ind-estado'];
  if (typeof state !== 'string' || !(IND_ESTADOS as readonly string[]).includes(state.toLowerCase())) {
    return { outcome: 'unreachable', error: `unexpected status answer: ${JSON.stringify(json)?.slice(0, 200)}` };
  }
  const xml = value?.['respuesta-xml'];
  return {
    outcome: 'status',
    state: state.toLowerCase() as IndEstado,
    date: typeof value?.fecha === 'string' ? value.fecha : undefined,
    responseXml: typeof xml === 'string' && xml !== '' ? Buffer.from(xml, 'base64') : undefined,
  };
}
