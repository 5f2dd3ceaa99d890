/**
 * DNS rebinding defence. A web page at evil.example can make its own name resolve to 127.0.0.1 and then
 * call this server "same-origin" from the browser's point of view; the one thing it cannot change is the
 * `Host` header, which still says evil.example. So every request whose `Host` is not one of this server's
 * own addresses (with the port it is actually bound to) is refused before routing, authentication or any
 * work: 421 `host_not_allowed`. A reverse proxy that forwards another name lists it in
 * FACTURADOR_ALLOWED_HOSTS (exact `Host` values, comma-separated).
 */
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.ts';

const hostPort = (host: string, port: number) => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The `Host` values a browser sends when it reaches this socket by a loopback address or by name. */
export function allowedHosts(bound: AddressInfo, extra: readonly string[] = []): Set<string> {
  const { address, port } = bound;
  const names: string[] = [];
  // A wildcard bind is reached on loopback too; other names (LAN) must be listed explicitly.
  if (address === '0.0.0.0' || address === '::') names.push('127.0.0.1', '::1');
  else names.push(address);
  if (address === '0.0.0.0' || address === '::' || address.startsWith('127.') || address === '::1') names.push('localhost');
  const hosts = new Set(names.map((n) => hostPort(n, port)));
  // Browsers leave out the default port.
  if (port === 80) for (const n of names) hosts.add(n.includes(':') ? `[${n}]` : n);
  for (const h of extra) hosts.add(h.trim().toLowerCase());
  return hosts;
}

export interface HostCheckOptions {
  /** FACTURADOR_ALLOWED_HOSTS: more `Host` values to answer for (a reverse proxy's name). */
  allowedHosts?: readonly string[];
}

export const hostCheckPlugin = fp<HostCheckOptions>(async (app, { allowedHosts: extra = [] }) => {
  let allowed: Set<string> | undefined;
  app.addHook('onRequest', async (request) => {
    if (allowed === undefined) {
      const bound = app.server.address();
      // No socket (app.inject in-process tests): nothing crossed a network, nothing can be rebound.
      if (bound === null || typeof bound === 'string') return;
      allowed = allowedHosts(bound, extra); // the bound address never changes after listen
    }
    const host = request.headers.host?.toLowerCase();
    if (host === undefined || !allowed.has(host)) {
      throw new ApiError('host_not_allowed', 421, `This server does not answer for host ${JSON.stringify(request.headers.host ?? '')}; use ${[...allowed][0]}.`);
    }
  });
}, { name: 'facturador-host-check' });
