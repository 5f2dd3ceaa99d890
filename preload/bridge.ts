/**
 * What the preload script hands the renderer: the API's base URL, nothing else. No key: the window signs in
 * through the one-time login of the server's browser access and holds an HttpOnly session cookie that no
 * script can read (main/session-key.ts). main passes the URL as a command-line switch of the renderer
 * process (webPreferences.additionalArguments), the one channel a sandboxed preload can read synchronously.
 */
export const API_BASE_URL_SWITCH = '--facturador-api-base-url=';

export interface DesktopBridge {
  readonly apiBaseUrl: string;
}

/** The bridge from the renderer process's argv; throws unless the URL is this machine's loopback API. */
export function bridgeFromArgv(argv: readonly string[]): DesktopBridge {
  const arg = argv.find((a) => a.startsWith(API_BASE_URL_SWITCH));
  if (!arg) throw new Error('the desktop shell did not pass the API base URL');
  const url = new URL(arg.slice(API_BASE_URL_SWITCH.length));
  if (url.protocol !== 'http:' || url.hostname !== '127.0.0.1' || url.pathname !== '/api/v1' || url.search || url.hash || url.username) {
    throw new Error(`unexpected API base URL ${url.href}`);
  }
  return Object.freeze({ apiBaseUrl: `${url.origin}/api/v1` });
}
