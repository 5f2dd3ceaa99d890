/**
 * Authentication and authorisation of every request: `Authorization: Bearer <key>` -> key, account and
 * organization; then the route's declared key kind and abilities (route-config.ts). Errors follow the
 * spec: 401 unauthenticated / token_expired / key_revoked / tenant_unresolved, 402 plan_required /
 * subscription_expired, 403 account_key_required / organization_key_required / forbidden /
 * tenant_inactive / tenant_deleted; 503 auth_unavailable when the store cannot be read.
 */
import type { FastifyRequest } from 'fastify';
import type { Core } from '../core.ts';
import { getAccount } from '../store/accounts.ts';
import { findApiKeyBySecret, getApiKey, touchApiKey, type ApiKeyRow } from '../store/api-keys.ts';
import { getOrganization } from '../store/organizations.ts';
import { assertLiveAllowed } from '../billing/entitlements.ts';
import { ApiError } from './errors.ts';
import type { AuthContext, KeyKind } from './route-config.ts';
import { sessionOrganizationKey } from './browser/session-organization.ts';

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError('unauthenticated', 401, 'Missing API key: send it as "Authorization: Bearer <API_KEY>".');
  return match[1]!;
}

function checkKeyState(key: ApiKeyRow | undefined, now: Date): ApiKeyRow {
  if (!key) throw new ApiError('unauthenticated', 401, 'Unknown API key.');
  if (key.revokedAt) throw new ApiError('key_revoked', 401, 'This API key has been revoked.');
  if (key.expiresAt && Date.parse(key.expiresAt) <= now.getTime()) throw new ApiError('token_expired', 401, 'This API key has expired.');
  return key;
}

/**
 * The bearer key, or the key a signed-in browser acts as (its session cookie, api/browser/): the session's
 * account key, and on an organization route the internal key of the session's organization — once the
 * account key has passed its checks, so that revoking it ends the session everywhere.
 */
function requestKey(core: Core, request: FastifyRequest, kind: KeyKind, now: Date): ApiKeyRow {
  const session = request.browserSession;
  if (session === null) throw new ApiError('unauthenticated', 401, 'The browser session is unknown or has expired: open the login URL printed by the server again.');
  if (!session) return checkKeyState(findApiKeyBySecret(core.store.db, bearer(request)), now);
  const accountKey = checkKeyState(getApiKey(core.store.db, session.accountId, session.keyId), now);
  return kind === 'organization' ? sessionOrganizationKey(core, session, request.routeOptions.url) : accountKey;
}

export function authenticate(core: Core, request: FastifyRequest, kind: KeyKind = 'any'): AuthContext {
  const now = core.clock.now();
  const key = requestKey(core, request, kind, now);
  const account = getAccount(core.store.db, key.accountId);
  if (!account) throw new ApiError('tenant_unresolved', 401, 'The account of this key no longer exists.');
  // Live keys act on production: the same rule as creating one (billing/entitlements.ts).
  if (key.mode === 'live') assertLiveAllowed(account, core.clock.now());
  const environment = key.mode === 'live' ? 'production' : 'staging';
  // Only a cookie sets browserSession: a bearer key, whatever its name or abilities, is never the owner.
  const owner = request.browserSession ? { owner: true as const } : {};
  if (key.organizationId === null) return { key, account, environment, ...owner };
  const organization = getOrganization(core.store.db, key.organizationId);
  if (!organization) throw new ApiError('tenant_unresolved', 401, 'The organization of this key no longer exists.');
  if (organization.deletedAt) throw new ApiError('tenant_deleted', 403, 'The organization of this key was deleted.');
  if (!organization.isActive) throw new ApiError('tenant_inactive', 403, 'The organization of this key is inactive.');
  return { key, account, organization, environment, ...owner };
}

/** A store that cannot answer is not the client's fault: 503 `auth_unavailable`, not a 500. */
function authenticateOrUnavailable(core: Core, request: FastifyRequest, kind: KeyKind): AuthContext {
  try {
    return authenticate(core, request, kind);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    request.log.error({ err: error }, 'API keys cannot be checked');
    throw new ApiError('auth_unavailable', 503, 'API keys cannot be checked right now; retry shortly.', { headers: { 'Retry-After': 5 } });
  }
}

/** Runs before every routed request (onRequest hook). */
export function authorize(core: Core, request: FastifyRequest): void {
  if (request.is404) return; // unknown routes answer not_found, whoever asks
  // The browsable OpenAPI (swagger-ui's own routes) is public, like the document it shows.
  if (request.routeOptions.url?.startsWith('/api/v1/docs')) return;
  const config = request.routeOptions.config;
  const kind = config.key ?? 'organization';
  if (kind === 'none') return;
  const auth = authenticateOrUnavailable(core, request, kind);
  if (kind === 'account' && auth.organization) {
    throw new ApiError('account_key_required', 403, 'This operation needs an account key (ability account:manage), not an organization key.');
  }
  if (kind === 'organization' && !auth.organization) {
    throw new ApiError('organization_key_required', 403, 'This operation needs an organization key, not an account key.');
  }
  const missing = (config.abilities ?? []).filter((a) => !auth.key.abilities.includes(a));
  if (missing.length > 0) throw new ApiError('forbidden', 403, `This API key lacks the ability ${missing.join(', ')}.`);
  request.auth = auth;
  touchApiKey(core.store.db, auth.key, core.clock.now());
}
