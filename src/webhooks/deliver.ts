/**
 * One delivery attempt: POST the body to the URL with node:http/https, the connection pinned to an
 * address the policy checked (url-policy.ts), at most 3 redirects (each re-checked), one deadline of
 * `timeoutSeconds` for the whole attempt. Any 2xx is success. Never throws: every failure becomes
 * `{successful: false, error}` for the delivery log.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, resolveTarget, UrlRefused, type ResolvedAddress, type Resolver, type UrlPolicy } from './url-policy.ts';

export const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Error text kept in the log is bounded; a receiver's stack trace is no use to us. */
const MAX_ERROR_LENGTH = 500;

export interface AttemptRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutSeconds: number;
  policy: UrlPolicy;
  resolver?: Resolver;
  /** Extra CA certificates to trust (tests with a self-signed receiver; a LAN POS with its own CA). */
  ca?: string | Buffer;
}

export interface AttemptResult {
  successful: boolean;
  response_status?: number;
  response_time_ms: number;
  error?: string;
}

interface HopResult {
  status: number;
  location?: string;
}

/** A lookup that answers only with the pre-checked address, whatever form net asks for. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

function hop(url: URL, target: ResolvedAddress, request: AttemptRequest, signal: AbortSignal): Promise<HopResult> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'Content-Length': Buffer.byteLength(request.body) },
      lookup: pinnedLookup(target),
      agent: false, // no pooled socket from an earlier, differently-checked connection
      signal,
      ...(url.protocol === 'https:' && request.ca ? { ca: request.ca } : {}),
    }, (res) => {
      const status = res.statusCode ?? 0;
      const location = typeof res.headers.location === 'string' ? res.headers.location : undefined;
      // The response body is not kept; drain it so the socket closes cleanly.
      res.resume();
      res.on('end', () => resolve({ status, location }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

function describe(error: unknown, timeoutSeconds: number): string {
  if (error instanceof UrlRefused) return error.message;
  const e = error as NodeJS.ErrnoException;
  if (e?.name === 'AbortError') return `timed out after ${timeoutSeconds} s`;
  const text = e?.code ? `${e.code}: ${e.message}` : String(e?.message ?? error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

export async function deliverOnce(request: AttemptRequest, startedAt = performance.now()): Promise<AttemptResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutSeconds * 1000);
  const elapsed = () => Math.round(performance.now() - startedAt);
  try {
    let url = checkWebhookUrl(request.url, request.policy);
    for (let redirects = 0; ; redirects++) {
      const target = await resolveTarget(url, request.policy, request.resolver);
      const { status, location } = await hop(url, target, request, controller.signal);
      if (status >= 200 && status < 300) return { successful: true, response_status: status, response_time_ms: elapsed() };
      if (!REDIRECT_STATUSES.has(status) || location === undefined) {
        return { successful: false, response_status: status, response_time_ms: elapsed(), error: `the receiver answered HTTP ${status}` };
      }
      if (redirects >= MAX_REDIRECTS) {
        return { successful: false, response_status: status, response_time_ms: elapsed(), error: `more than ${MAX_REDIRECTS} redirects` };
      }
      // A redirect is a new destination: it passes the same rules as the saved URL. The body is POSTed
      // again unchanged (307/308 semantics for every redirect), since the signature covers it.
      url = checkWebhookUrl(new URL(location, url).toString(), request.policy);
    }
  } catch (error) {
    return { successful: false, response_time_ms: elapsed(), error: describe(controller.signal.aborted ? Object.assign(new Error('aborted'), { name: 'AbortError' }) : error, request.timeoutSeconds) };
  } finally {
    clearTimeout(timer);
  }
}
