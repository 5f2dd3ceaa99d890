/**
 * The browser session cookie: reading it from `Cookie` and writing its `Set-Cookie`. `HttpOnly` keeps it
 * away from scripts (an injected script cannot carry it off), `SameSite=Strict` keeps the browser from
 * sending it with any request started by another site, `Path=/` covers the page and /api/v1. No `Secure`:
 * the server speaks plain HTTP on loopback, and a `Secure` cookie would never be sent back. `Max-Age`: the
 * session's absolute maximum, so that the browser keeps it across its own restarts (the server ends it
 * sooner when unused, see sessions.ts); without one (a desktop window's session) it ends with the browser.
 */
export const SESSION_COOKIE = 'facturador_session';

/** The value of cookie `name` in a `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(id: string, maxAgeMs?: number): string {
  const maxAge = maxAgeMs === undefined ? '' : `; Max-Age=${Math.floor(maxAgeMs / 1000)}`;
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict${maxAge}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`;
}
