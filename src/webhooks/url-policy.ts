/**
 * Where webhooks may point (spec "Delivery rules" 6): `https` only, a public host, no credentials in the
 * URL. The static check runs when a webhook is saved and on every redirect; `resolveTarget` runs at
 * connect time, resolving the name and refusing if ANY address is non-public, so a name that later
 * resolves to 127.0.0.1 (DNS rebinding) is still refused; the connection is then pinned to the address
 * that was checked, so a second resolution cannot swap it.
 *
 * The one exception is a local administrator setting, `FACTURADOR_ALLOW_LOCAL_WEBHOOKS=1`, read from the
 * environment at start-up and never settable through the API: shops run their point-of-sale software on
 * the same PC or LAN, and it has no public https endpoint. With it, `http://` and private/loopback
 * receivers are allowed; credentials in the URL are still refused.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from './ip-ranges.ts';

export interface UrlPolicy {
  /** `http://` and private, loopback and link-local receivers allowed (local administrator setting). */
  allowLocal: boolean;
}

export const ALLOW_LOCAL_WEBHOOKS_ENV = 'FACTURADOR_ALLOW_LOCAL_WEBHOOKS';
export const MAX_URL_LENGTH = 2048;

export function policyFromEnv(env: NodeJS.ProcessEnv = process.env): UrlPolicy {
  const value = (env[ALLOW_LOCAL_WEBHOOKS_ENV] ?? '').trim().toLowerCase();
  return { allowLocal: value === '1' || value === 'true' || value === 'yes' };
}

export class UrlRefused extends Error {
  override name = 'UrlRefused';
}

/** The host of a parsed URL without IPv6 brackets or a trailing root dot. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
}

function isLocalName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '';
}

/**
 * The static rules, without DNS. Returns the parsed URL, or throws UrlRefused with a message fit for
 * the client. WHATWG parsing normalises `0x7f.1`, `2130706433` and `[::ffff:127.0.0.1]` to their
 * canonical forms first, so those spellings are checked as the addresses they are.
 */
export function checkWebhookUrl(raw: string, policy: UrlPolicy): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UrlRefused(`The URL is longer than ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused('The URL is not a valid absolute URL.');
  }
  const schemes = policy.allowLocal ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new UrlRefused(policy.allowLocal ? 'The URL must use https or http.' : 'The URL must use https.');
  if (url.username !== '' || url.password !== '') throw new UrlRefused('The URL must not contain credentials.');
  const host = bareHost(url);
  if (policy.allowLocal) return url;
  if (isLocalName(host)) throw new UrlRefused('The URL must point to a public host, not localhost.');
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new UrlRefused('The URL must point to a public host, not a private, loopback or link-local address.');
  return url;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Connect-time check: the address to connect to for `url`'s host. Every resolved address must be public
 * (unless allowLocal), because a client library may try any of them.
 */
export async function resolveTarget(url: URL, policy: UrlPolicy, resolver: Resolver = systemResolver): Promise<ResolvedAddress> {
  const host = bareHost(url);
  const literal = isIP(host);
  const addresses = literal !== 0 ? [{ address: host, family: literal }] : await resolver(host).catch((error: NodeJS.ErrnoException) => {
    throw new UrlRefused(`The host ${host} cannot be resolved (${error.code ?? error.message}).`);
  });
  if (addresses.length === 0) throw new UrlRefused(`The host ${host} has no address.`);
  if (!policy.allowLocal) {
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad) throw new UrlRefused(`The host ${host} resolves to the non-public address ${bad.address}; refused.`);
  }
  return addresses[0]!;
}
