/**
 * The typed client over /api/v1. Every answer is the spec's envelope: `{ success, data, ... }` or
 * `{ success: false, error: { code, message, errors? } }` (src/api/plugins/errors.ts); failures become ApiRequestError with the
 * server's message, which the screens show as they are (the server already speaks the shopkeeper's words).
 */
import { currentEndpoint, type Endpoint } from './endpoint.ts';
import { useLanguage } from '../i18n/store.ts';
import type {
  CabysCode, DocumentDetail, DocumentListItem, DocumentSubmitted, HaciendaStatus, OrganizationProfile, ProductHit, ServiceStatus, TaxRateEntry,
} from './types.ts';

/**
 * The header of a request no one asked for (a poll of the connectivity banner, the pending badge, an issued
 * document's status): it does not keep the cashier signed in, so an open screen still locks (docs/tills.md,
 * "Inactivity").
 */
export const BACKGROUND: Readonly<Record<string, string>> = { 'x-facturador-background': '1' };

export class ApiRequestError extends Error {
  /**
   * `details`: the error's other members (e.g. a role refusal's `action`, `approvable`, `target`).
   */
  constructor(
    readonly status: number, readonly code: string, message: string, readonly fieldErrors: Record<string, string[]> = {},
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface ErrorEnvelope {
  error?: { code?: string; message?: string; errors?: Record<string, string[]> } & Record<string, unknown>;
  message?: string;
}

type Fetch = typeof fetch;

/** A body sent as it is, with its own media type (a CSV file for an import), instead of as JSON. */
export class TextBody {
  constructor(readonly contentType: string, readonly text: string) {}
}

/** Turns a failed response's body into one readable message, with the field errors appended. */
export function errorFromBody(status: number, body: unknown): ApiRequestError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as ErrorEnvelope;
  const code = envelope.error?.code ?? `http_${status}`;
  const fields = envelope.error?.errors ?? {};
  const base = envelope.error?.message ?? envelope.message ?? `HTTP ${status}`;
  const detail = Object.entries(fields).map(([path, messages]) => `${path}: ${messages.join(', ')}`);
  const { code: _code, message: _message, errors: _errors, ...details } = envelope.error ?? {};
  return new ApiRequestError(status, code, detail.length > 0 ? `${base} (${detail.join('; ')})` : base, fields, details);
}

/** `?a=1&b=x` of the parameters that have a value, or ''. */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
}

/**
 * Who hears of every failed answer: the tills' PIN pad opens on `401 cashier_required` whichever screen's
 * request met it (docs/tills.md). A listener returns nothing; the request still fails as usual.
 */
export const failureListeners = new Set<(error: ApiRequestError) => void>();

export function createClient(endpoint: Endpoint = currentEndpoint(), fetchImpl: Fetch = (...args) => fetch(...args)) {
  /** `extra`: headers of this one call, e.g. a supervisor's approval (`X-Facturador-Approval`). */
  async function send(method: string, path: string, body: unknown, extra: Record<string, string>): Promise<Response> {
    // The server words its messages in the language the shopkeeper chose (docs/languages.md).
    const headers: Record<string, string> = { accept: 'application/json', 'accept-language': useLanguage.getState().language, ...endpoint.headers(method), ...extra };
    // FormData (files): the browser writes the content type with its boundary.
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = body instanceof TextBody ? body.contentType : 'application/json';
    const payload = body === undefined ? undefined : body instanceof FormData ? body : body instanceof TextBody ? body.text : JSON.stringify(body);
    try {
      return await fetchImpl(`${endpoint.base}${path}`, { method, headers, credentials: endpoint.credentials, body: payload });
    } catch {
      throw new ApiRequestError(0, 'network_error', 'server_unreachable');
    }
  }

  function parse(text: string): unknown {
    try {
      return text === '' ? undefined : JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  /** A failed answer: every failure listener hears of it, and the caller gets it thrown. */
  async function refused(res: Response): Promise<never> {
    const failure = errorFromBody(res.status, parse(await res.text()));
    for (const listener of failureListeners) listener(failure);
    throw failure;
  }

  async function request<T>(method: string, path: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
    const res = await send(method, path, body, extra);
    if (!res.ok) return refused(res);
    return parse(await res.text()) as T;
  }

  /**
   * A file of the API (a report's PDF) as a Blob, with this call's headers: what a link cannot carry, e.g. a
   * supervisor's approval. A refusal is the JSON envelope, thrown as for `request`.
   */
  async function file(path: string, extra: Record<string, string> = {}): Promise<Blob> {
    const res = await send('GET', path, undefined, { accept: '*/*', ...extra });
    if (!res.ok) return refused(res);
    return res.blob();
  }
  const data = async <T>(method: string, path: string, body?: unknown, extra?: Record<string, string>) => (await request<{ data: T }>(method, path, body, extra)).data;
  const q = query;
  /** The tax-rate table does not change while the window is open: one read for every screen (a failure is asked again). */
  let taxRates: Promise<TaxRateEntry[]> | null = null;

  return {
    /** Any route: the whole envelope (`meta`, `pagination`…), for screens that need more than `data`. */
    request,
    /** Any route's `data`: each screen's own calls (e.g. renderer/webhooks/api.ts) are built on it. */
    data,
    file,
    status: () => data<ServiceStatus>('GET', '/status'),
    /** `extra`: BACKGROUND for a poll. */
    haciendaStatus: (extra?: Record<string, string>) => data<HaciendaStatus>('GET', '/hacienda/status', undefined, extra),
    organization: () => data<OrganizationProfile>('GET', '/organizations/me'),
    searchCabys: (text: string) => data<CabysCode[]>('GET', `/reference/cabys${q({ q: text, per_page: 8 })}`),
    cabys: (code: string) => data<CabysCode>('GET', `/reference/cabys/${encodeURIComponent(code)}`),
    taxRates: () => (taxRates ??= data<TaxRateEntry[]>('GET', '/reference/tax-rates').catch((error: unknown) => {
      taxRates = null;
      throw error;
    })),
    searchProducts: (text: string) => data<ProductHit[]>('GET', `/products${q({ q: text, per_page: 8 })}`),
    productByBarcode: (barcode: string) => data<ProductHit[]>('GET', `/products${q({ barcode })}`),
    issue: (request: unknown) => data<DocumentSubmitted>('POST', '/electronic-documents', request),
    document: (key: string) => data<DocumentDetail>('GET', `/electronic-documents/${encodeURIComponent(key)}`),
    documents: (filter: { status?: string; per_page?: number } = {}, extra?: Record<string, string>) =>
      data<DocumentListItem[]>('GET', `/documents${q({ per_page: 50, ...filter })}`, undefined, extra),
  };
}

export type ApiClient = ReturnType<typeof createClient>;

/** The window's client; screens take it from here so tests can hand stores another one. */
export const api: ApiClient = createClient();

/** A file of the API (XML, PDF, ZIP) as a link target: same origin, the session cookie goes along. */
export function fileUrl(path: string, endpoint: Endpoint = currentEndpoint()): string {
  return `${endpoint.base}${path}`;
}
