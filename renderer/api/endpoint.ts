/**
 * The one place that knows where the API lives (DESIGN.md, "Frappe Books' demux"). In the desktop shell the
 * preload script exposes `window.facturador = { apiBaseUrl }` (preload/bridge.ts: the loopback URL up to
 * /api/v1, and nothing else); in a browser served by the headless server the API is the page's own origin.
 * Both authenticate the same way (docs/desktop.md, docs/browser-access.md): the HttpOnly session cookie of
 * the one-time login, which no script here can read, plus the anti-CSRF header on every state-changing
 * request. The renderer never holds a key.
 */

/** What preload/ exposes through contextBridge (preload/bridge.ts DesktopBridge). */
export interface DesktopBridge {
  readonly apiBaseUrl: string;
}

/** The header a cross-site form cannot send (src/api/browser/session-auth.ts CSRF_HEADER). */
export const CSRF_HEADER = 'X-Facturador-CSRF';

export interface Endpoint {
  /** Prefix of every path, up to and including /api/v1. */
  base: string;
  /** Headers a request with this method carries. */
  headers(method: string): Record<string, string>;
  credentials: RequestCredentials;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function endpointFor(bridge: DesktopBridge | undefined): Endpoint {
  return {
    base: bridge ? bridge.apiBaseUrl.replace(/\/$/, '') : '/api/v1',
    // The desktop window loads the server's own origin too, so the cookie is always same-origin.
    credentials: 'same-origin',
    headers: (method): Record<string, string> => (STATE_CHANGING.has(method.toUpperCase()) ? { [CSRF_HEADER]: '1' } : {}),
  };
}

/** The endpoint of this window: the preload bridge's URL when present, else same origin. */
export function currentEndpoint(): Endpoint {
  return endpointFor((globalThis as { facturador?: DesktopBridge }).facturador);
}
