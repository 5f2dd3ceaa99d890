/**
 * The renderer's credential for this launch. The window is served by the embedded server itself (its
 * origin is the API's), so the shell reuses the headless server's browser access (docs/browser-access.md)
 * instead of inventing a second mechanism: main asks the running server for a fresh one-time login token
 * (256 random bits, single use, valid 10 minutes), opens `/login#token`, and the login page trades it for
 * an `HttpOnly`, `SameSite=Strict` session cookie.
 *
 * Why not an API key handed over by preload: a key in the renderer's JavaScript can be read by any script
 * that gets injected there, and it would need creating in the store and revoking at quit (a crash would
 * leave it valid). The cookie is out of reach of scripts, the token is spent once used, and the window's
 * session is one that ends with the server run (a browser's survives restarts; the window signs in afresh
 * at every launch anyway): the next start purges it, so quitting the app — even by a crash — ends it. The internal account key
 * they act as has no secret anyone holds (src/store/browser-key.ts).
 */
import { loginLink } from '../src/index.ts';

export interface LoginTokenIssuer {
  issueLoginToken(options: { endsAtRestart: boolean }): string;
}

/** The URL the window opens first: the token sits in the fragment, which never reaches a server log. */
export function rendererLoginUrl(serverUrl: string, issuer: LoginTokenIssuer): string {
  return loginLink(serverUrl, issuer.issueLoginToken({ endsAtRestart: true }));
}
