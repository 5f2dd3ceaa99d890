/** One HTTP call to the tax authority with a timeout, timed, never throwing. */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export type CallResult =
  | { kind: 'response'; response: Response; ms: number }
  | { kind: 'network'; error: string; ms: number };

export const DEFAULT_TIMEOUT_MS = 15_000;

function describe(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const code = (error as { code?: string } | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** A pooled keep-alive connection the server already closed (restart, idle timeout) fails like this. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

// Kept-alive connections to the tax authority; node:http rather than fetch, whose stream machinery cost
// a tenth of the CPU of a drain (two calls per document).
const agents = { 'http:': new HttpAgent({ keepAlive: true, maxSockets: 64 }), 'https:': new HttpsAgent({ keepAlive: true, maxSockets: 64 }) };

/** One request; the whole body is read before resolving, all within `timeoutMs`. */
function send(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
  const target = new URL(url);
  const body = typeof init.body === 'string' ? Buffer.from(init.body, 'utf8') : undefined;
  const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
  if (body) headers['content-length'] = String(body.length);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(target, { method: init.method ?? 'GET', headers, agent: agents[target.protocol as 'http:' | 'https:'], signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, v);
        }
        resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function attempt(url: string, init: RequestInit, timeoutMs: number, started: number): Promise<CallResult> {
  try {
    const response = await send(url, init, AbortSignal.timeout(timeoutMs));
    return { kind: 'response', response, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { kind: 'network', error: describe(error), ms: Math.round(performance.now() - started) };
  }
}

/**
 * Retries once, on a fresh connection, when a reused one turns out to be dead; repeating is safe for
 * every call here (token requests, status queries, and submissions, which the API deduplicates by clave).
 */
export async function call(url: string, init: RequestInit, timeoutMs: number): Promise<CallResult> {
  const started = performance.now();
  const first = await attempt(url, init, timeoutMs, started);
  if (first.kind === 'response' || !STALE_CONNECTION.has(first.error)) return first;
  return attempt(url, init, timeoutMs, started);
}

/** A GET of a JSON document: its body on 2xx; the status otherwise (body drained); or why it failed. */
export type JsonResult = { kind: 'json'; json: unknown } | { kind: 'status'; status: number } | { kind: 'failed'; error: string };

/** GETs a JSON document from the public helper API (taxpayers, exchange rates); never throws. */
export async function getJson(url: string, timeoutMs: number): Promise<JsonResult> {
  const result = await call(url, { method: 'GET', headers: { Accept: 'application/json' } }, timeoutMs);
  if (result.kind === 'network') return { kind: 'failed', error: result.error };
  const { response } = result;
  if (!response.ok) {
    await drain(response);
    return { kind: 'status', status: response.status };
  }
  try {
    return { kind: 'json', json: await response.json() };
  } catch (error) {
    return { kind: 'failed', error: `unreadable answer: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Reads and discards a body so that the connection can be reused; a timeout here is ignored. */
export async function drain(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // the body was cut off: nothing to reuse
  }
}
