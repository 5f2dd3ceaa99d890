/** One HTTP call to the tax authority with a timeout, timed, never throwing. */

export type CallResult =
  | { kind: 'response'; response: Response; ms: number }
  | { kind: 'network'; error: string; ms: number };

export const DEFAULT_TIMEOUT_MS = 15_000;

function describe(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** A pooled keep-alive connection the server already closed (restart, idle timeout) fails like this. */
const STALE_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

async function attempt(url: string, init: RequestInit, timeoutMs: number, started: number): Promise<CallResult> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
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

/** Reads and discards a body so that the connection can be reused; a timeout here is ignored. */
export async function drain(response: Response): Promise<void> {
  try {
    await response.arrayBuffer();
  } catch {
    // the body was cut off: nothing to reuse
  }
}
