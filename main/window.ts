/**
 * The window's security settings, kept apart from Electron so that tests can read them:
 * - webPreferences: the renderer is a web page with no Node (`nodeIntegration: false`), its own JavaScript
 *   world apart from the preload's (`contextIsolation: true`), in the OS sandbox (`sandbox: true`), without
 *   DevTools in an installed app;
 * - the Content-Security-Policy main sets on the responses of the API origin (PDFs excepted, see
 *   withContentSecurityPolicy): code only from that origin (no inline script, no eval), requests only to
 *   it, nothing embedded from elsewhere;
 * - navigation stays on the API origin; any other link opens in the system browser.
 */
import { API_BASE_URL_SWITCH } from '../preload/bridge.ts';
import { CONTENT_SECURITY_POLICY } from '../src/index.ts';

export function webPreferences(preloadPath: string, apiBaseUrl: string, build: { packaged: boolean }): Record<string, unknown> {
  return {
    preload: preloadPath,
    // DevTools would let anyone at the counter run script as the signed-in shop (issue documents, read
    // keys' names, change settings): only in a development run from a checkout.
    devTools: !build.packaged,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    // Chromium's built-in PDF viewer, which shows the receipt the counter prints from a frame (F4); with
    // Flash gone it is the only plugin there is, and the CSP keeps <object>/<embed> off (object-src 'none').
    plugins: true,
    additionalArguments: [`${API_BASE_URL_SWITCH}${apiBaseUrl}`],
  };
}

export function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

/** Only web links leave the app, to the system browser; file:, javascript: and custom schemes never do. */
export function isExternalWebLink(url: string): boolean {
  try {
    const protocol = new URL(url).protocol;
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** The response's Content-Type, whatever the letter case of its name. */
function contentType(headers: Record<string, string[]> | undefined): string {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
  return (entry?.[1][0] ?? '').toLowerCase();
}

/**
 * The response headers with main's CSP in place of the server's (a header of any letter case is replaced):
 * only for responses of the API origin, the one origin the window loads. A PDF keeps none, as the server
 * sends it: the counter prints the receipt from a frame of the page, which the policy's
 * `frame-ancestors 'none'` would refuse to show (it refuses every framer, our own origin too); a PDF runs
 * no page script that the policy would guard.
 */
export function withContentSecurityPolicy(url: string, headers: Record<string, string[]> | undefined, apiOrigin: string): Record<string, string[]> | undefined {
  if (!isSameOrigin(url, apiOrigin) || contentType(headers).startsWith('application/pdf')) return headers;
  const out: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(headers ?? {})) if (name.toLowerCase() !== 'content-security-policy') out[name] = value;
  // The screens' one policy (src/api/browser/content-security-policy.ts), also on responses the server sends without it.
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  return out;
}
