/**
 * Who a request is: `Authorization: Bearer <key>` (or the signed-in browser's session, api/browser/) ->
 * key, account, organization and environment, with the key's and the tenant's states checked. Errors follow
 * the spec: 401 unauthenticated / token_expired / key_revoked / tenant_unresolved, 402 plan_required /
 * subscription_expired, 403 tenant_inactive / tenant_deleted; 503 auth_unavailable when the store cannot
 * be read; for a browser session of an organization with cashiers, 401 cashier_required until one signs in
 * (browser/session-cashier.ts). What the route then requires of that key is auth.ts's (and a cashier's role, role-gate.ts's).
 */
import type { FastifyRequest } from 'fastify';
import { getAccount } from '../../store/accounts.ts';
import { findApiKeyBySecret, getApiKey, type ApiKeyRow } from '../../store/api-keys.ts';
import { getOrganization } from '../../store/organizations.ts';
import { assertLiveAllowed } from '../../billing/entitlements.ts';
import { ApiError } from '../errors.ts';
import type { AuthContext, KeyKind } from '../route-config.ts';
import type { BrowserDependencies } from '../browser/dependencies.ts';
import { sessionOrganizationKey } from '../browser/session-organization.ts';
import { withSessionCashier } from '../browser/session-cashier.ts';

/** The store holding the keys, and the clock their expiry is judged by. */
export type AuthDependencies = BrowserDependencies;

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
function requestKey(deps: AuthDependencies, request: FastifyRequest, kind: KeyKind, now: Date): ApiKeyRow {
  const session = request.browserSession;
  if (session === null) throw new ApiError('unauthenticated', 401, 'The browser session is unknown or has expired: open the login URL printed by the server again.');
  if (!session) return checkKeyState(findApiKeyBySecret(deps.store.db, bearer(request)), now);
  const accountKey = checkKeyState(getApiKey(deps.store.db, session.accountId, session.keyId), now);
  return kind === 'organization' ? sessionOrganizationKey(deps, session, request.routeOptions.url) : accountKey;
}

function authenticate(deps: AuthDependencies, request: FastifyRequest, kind: KeyKind): AuthContext {
  const now = deps.clock.now();
  const key = requestKey(deps, request, kind, now);
  const account = getAccount(deps.store.db, key.accountId);
  if (!account) throw new ApiError('tenant_unresolved', 401, 'The account of this key no longer exists.');
  // Live keys act on production: the same rule as creating one (billing/entitlements.ts).
  if (key.mode === 'live') assertLiveAllowed(account, deps.clock.now());
  const environment = key.mode === 'live' ? 'production' : 'staging';
  // Only a cookie sets browserSession: a bearer key, whatever its name or abilities, is never the owner.
  const owner = request.browserSession ? { owner: true as const } : {};
  // A session's cashier (docs/tills.md) narrows the owner; bearer keys never read it.
  if (key.organizationId === null) return withSessionCashier(deps, request, kind, { key, account, environment, ...owner });
  const organization = getOrganization(deps.store.db, key.organizationId);
  if (!organization) throw new ApiError('tenant_unresolved', 401, 'The organization of this key no longer exists.');
  if (organization.deletedAt) throw new ApiError('tenant_deleted', 403, 'The organization of this key was deleted.');
  if (!organization.isActive) throw new ApiError('tenant_inactive', 403, 'The organization of this key is inactive.');
  return withSessionCashier(deps, request, kind, { key, account, organization, environment, ...owner });
}

/** A store that cannot answer is not the client's fault: 503 `auth_unavailable`, not a 500. */
export function authenticateOrUnavailable(deps: AuthDependencies, request: FastifyRequest, kind: KeyKind): AuthContext {
  try {
    return authenticate(deps, request, kind);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    request.log.error({ err: error }, 'API keys cannot be checked');
    throw new ApiError('auth_unavailable', 503, 'API keys cannot be checked right now; retry shortly.', { headers: { 'Retry-After': 5 } });
  }
}
