/**
 * The till's HTTP client for its head office (docs/replication.md): the three requests of the protocol, over
 * fetch with a timeout each, reading the spec's envelope. Two kinds of failure, because the jobs treat them
 * differently: `HeadOfficeUnreachable` (no answer, a timeout, a 5xx, something that is not our envelope —
 * worth retrying) and `HeadOfficeRefused` (a 4xx with the head office's error code — retrying will not help
 * until someone acts, e.g. a revoked till).
 */
import type { ReplicatedDocument, ReplicationResult } from '../wire.ts';

export class HeadOfficeUnreachable extends Error {}

export class HeadOfficeRefused extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** What `POST /tills/pair` answers. */
export interface PairingAnswer {
  till_id: number;
  organization: { uuid: string; name: string; identification_number: string };
  token: string;
  head_office_name: string;
}

/** One page of `GET /replication/changes`: products and customers in the API's shapes. */
export interface ChangesPage {
  products: Record<string, unknown>[];
  customers: Record<string, unknown>[];
  next_cursor: string | null;
  more: boolean;
}

export interface ClientOptions {
  /** The head office's address as the operator typed it (with or without /api/v1). */
  url: string;
  /** The till's credential (absent only for pairing). */
  token?: string;
  /** Accept-Language of the requests, so that refusals come back in the operator's language. */
  language?: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** `http(s)://host[:port][/prefix]` without a trailing slash or /api/v1; throws on anything else. */
export function headOfficeBase(url: string): string {
  const parsed = new URL(url.trim());
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError('not an http(s) URL');
  if (parsed.search || parsed.hash || parsed.username || parsed.password) throw new TypeError('a base address carries no query, fragment or user');
  const path = parsed.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${parsed.origin}${path}`;
}

export class HeadOfficeClient {
  private readonly base: string;

  constructor(private readonly options: ClientOptions) {
    this.base = `${headOfficeBase(options.url)}/api/v1`;
  }

  pair(body: { code: string; name: string; branch: string; terminal: string; identification_number: string }): Promise<PairingAnswer> {
    return this.call<PairingAnswer>('POST', '/tills/pair', body);
  }

  async pushDocuments(documents: ReplicatedDocument[]): Promise<ReplicationResult[]> {
    const answer = await this.call<{ results: ReplicationResult[] }>('POST', '/replication/documents', { documents });
    if (!Array.isArray(answer?.results)) throw new HeadOfficeUnreachable('the head office answered without results');
    return answer.results;
  }

  async changes(since: string | null, limit: number): Promise<ChangesPage> {
    const query = new URLSearchParams({ since: since ?? '', limit: String(limit) });
    const page = await this.call<ChangesPage>('GET', `/replication/changes?${query}`);
    if (!Array.isArray(page?.products) || !Array.isArray(page.customers)) throw new HeadOfficeUnreachable('the head office answered without changes');
    return page;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.options.token) headers['authorization'] = `Bearer ${this.options.token}`;
    if (this.options.language) headers['accept-language'] = this.options.language;
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new HeadOfficeUnreachable(cause?.code ?? cause?.message ?? (error as Error).message);
    }
    let envelope: { success?: boolean; data?: unknown; error?: { code?: string; message?: string } } | undefined;
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      envelope = undefined;
    }
    // Busy (429) and timed out (408) pass like an outage: the next attempt may well go through.
    if (response.status >= 500 || response.status === 429 || response.status === 408 || !envelope || typeof envelope !== 'object') {
      throw new HeadOfficeUnreachable(`HTTP ${response.status}${envelope?.error?.message ? `: ${envelope.error.message}` : ''}`);
    }
    if (response.status >= 400 || envelope.success === false) {
      throw new HeadOfficeRefused(response.status, envelope.error?.code ?? 'head_office_refused', envelope.error?.message ?? `HTTP ${response.status}`);
    }
    return envelope.data as T;
  }
}
