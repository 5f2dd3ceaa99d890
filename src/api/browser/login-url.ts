/**
 * The one-time login link (docs/browser-access.md): the token in the fragment, which a browser never sends
 * to a server, so it cannot end up in an access log. A wildcard address is no Host a browser may use
 * (plugins/host-check.ts): the link names loopback instead.
 */
export function loginLink(serverUrl: string, token: string): string {
  const url = new URL(serverUrl);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
  return `${url.origin}/login#${token}`;
}
