/**
 * The signing identity of an organization in an environment, for the issuing code. Decrypting the .p12 and
 * loading it (forge, key conversion) takes milliseconds, so it happens once per (organization,
 * environment) and stays cached in memory. The cache entry remembers the row's `updated_at`: an upload
 * from another process (the CLI) is noticed at the next document; uploads and deletions through this
 * process also drop the entry at once (forgetSigningIdentity).
 */
import type { SecretDeps, StoreOnly } from './dependencies.ts';
import { loadP12, type SigningIdentity } from '../signing/p12.ts';
import { credentialsVersion, getCredentials } from '../store/credentials.ts';
import { vaultContext } from './vault-context.ts';

interface CacheEntry {
  updatedAt: string;
  identity: SigningIdentity;
}

/** Per store, so two cores in one process (tests, restarts) never share identities. */
const caches = new WeakMap<object, Map<string, CacheEntry>>();

function cacheOf(deps: StoreOnly): Map<string, CacheEntry> {
  let cache = caches.get(deps.store);
  if (!cache) caches.set(deps.store, (cache = new Map()));
  return cache;
}

const cacheKey = (organizationId: number, environment: string) => `${organizationId}:${environment}`;

/**
 * The identity, or undefined when no certificate is stored. A stored certificate that no longer decrypts
 * or loads (another master key, tampering) throws: that is a fault to report, not a missing certificate.
 */
export function loadSigningIdentity(deps: SecretDeps, organizationId: number, environment: string): SigningIdentity | undefined {
  // Every document asks: read only the row's version, and the blobs only when it changed.
  const version = credentialsVersion(deps.store.db, organizationId, environment);
  const cache = cacheOf(deps);
  const key = cacheKey(organizationId, environment);
  if (!version?.hasCertificate) {
    cache.delete(key);
    return undefined;
  }
  const cached = cache.get(key);
  if (cached && cached.updatedAt === version.updatedAt) return cached.identity;
  const row = getCredentials(deps.store.db, organizationId, environment);
  if (!row?.p12 || !row.pin) return undefined;
  const p12 = deps.vault.decrypt(row.p12, vaultContext(organizationId, environment, 'p12'));
  const pin = deps.vault.decrypt(row.pin, vaultContext(organizationId, environment, 'pin')).toString('utf8');
  const identity = loadP12(p12, pin);
  cache.set(key, { updatedAt: row.updatedAt, identity });
  return identity;
}

/** Drops the cached identity after an upload or deletion. */
export function forgetSigningIdentity(deps: StoreOnly, organizationId: number, environment?: string): void {
  const cache = cacheOf(deps);
  for (const env of environment ? [environment] : ['staging', 'production']) cache.delete(cacheKey(organizationId, env));
}
