/**
 * The organization a browser session works on (docs/browser-access.md). The session itself is bound to
 * the local account's internal account key; on organization routes it acts as that organization's
 * internal organization key instead, in the mode of the organization's `default_environment`
 * (production → a live key, with the account's live rules; staging → a test key). Which organization:
 * the one chosen with `POST /session/organization` (403 `tenant_inactive` once it is no longer active),
 * else the account's first active one. With none yet (a fresh install), organization routes answer
 * `403 organization_key_required`: the first-run wizard creates one.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ORGANIZATION_ABILITIES } from '../abilities.ts';
import { ApiError, notFound } from '../errors.ts';
import type { ApiKeyRow } from '../../store/api-keys.ts';
import { browserKey } from '../../store/browser-key.ts';
import { activeOrganization } from '../../store/organizations.ts';
import { getAccount } from '../../store/accounts.ts';
import { assertLiveAllowed } from '../../billing/entitlements.ts';
import { PROFILE_PATHS } from '../sections/organizations/profile-routes.ts';
import { GO_LIVE_PATH } from '../sections/organizations/go-live-routes.ts';
import { requireCsrfHeader, sessionId } from './session-auth.ts';
import { readCounterState } from '../../store/session-cashier.ts';
import { cashierRequired, counterOrganizationId, idle } from './session-cashier.ts';
import type { BrowserSession, BrowserSessions } from './sessions.ts';
import type { BrowserDependencies } from './dependencies.ts';

// Going live again is a way out too: the owner of a shop left in production re-activates it from Settings.
const PROFILE_ROUTES = new Set([...PROFILE_PATHS, GO_LIVE_PATH].map((path) => `/api/v1${path}`));

/**
 * The session's organization. A chosen one that was deactivated or deleted since is refused rather than
 * replaced by the first: the screen still shows the chosen issuer, and documents must not quietly go out
 * under another one.
 */
function sessionOrganization(deps: BrowserDependencies, session: BrowserSession) {
  // One row per request (this runs on every organization route), not the account's whole list.
  const organization = activeOrganization(deps.store.db, session.accountId, session.organizationUuid);
  if (!organization && session.organizationUuid !== undefined) {
    throw new ApiError('tenant_inactive', 403, 'The organization chosen for this session is no longer active: choose another (POST /session/organization).');
  }
  return organization;
}

/** Whether the account may act in production now (its plan can change after the environment was chosen). */
function liveAllowed(deps: BrowserDependencies, accountId: string): boolean {
  const account = getAccount(deps.store.db, accountId);
  try {
    if (account) assertLiveAllowed(account);
    return account !== undefined;
  } catch {
    return false;
  }
}

/**
 * The internal organization key the session acts as on an organization route (`routeUrl`, the route's
 * pattern). An organization left in production by an account that has since lost live access would answer
 * 402 everywhere, the profile included, and the shopkeeper could not switch it back: the profile routes
 * alone then act with the test key (they change settings, never issue).
 */
export function sessionOrganizationKey(deps: BrowserDependencies, session: BrowserSession, routeUrl?: string): ApiKeyRow {
  const organization = sessionOrganization(deps, session);
  if (!organization) {
    throw new ApiError('organization_key_required', 403, 'There is no issuing organization yet: create one first (POST /api/v1/organizations).');
  }
  const production = organization.defaultEnvironment === 'production';
  const profileWayOut = production && PROFILE_ROUTES.has(routeUrl ?? '') && !liveAllowed(deps, session.accountId);
  const mode = production && !profileWayOut ? 'live' : 'test';
  return browserKey(deps.store.db, { accountId: session.accountId, organizationId: organization.id, mode }, [...ORGANIZATION_ABILITIES], deps.clock.now());
}

/**
 * Choosing another organization is the owner's (docs/tills.md): a cashier of an organization with cashiers
 * must not step into one without them, where the session would act as the owner; nor may a session whose
 * chosen organization was deactivated, unless its signed-in cashier is an owner.
 */
function assertOwnerMayLeave(deps: BrowserDependencies, session: BrowserSession): void {
  // The chosen organization deactivated, its cashier's counter (or another's with cashiers) still decides.
  const current = counterOrganizationId(deps, session);
  if (current === undefined) return;
  const counter = readCounterState(deps.store.db, current, session.cashierId ?? null);
  if (!counter.required) return;
  if (!counter.cashier || idle(counter, session.cashierSeenAt, deps.clock.now())) throw cashierRequired();
  if (counter.cashier.role !== 'owner') {
    throw new ApiError('role_forbidden', 403, 'Only the owner may do this (manage).', { details: { action: 'manage', required_role: 'owner', role: counter.cashier.role } });
  }
}

/** `POST /session/organization {"organization_id": "<uuid>"}`: the organization this session works on from now on. */
export function registerSessionOrganization(plain: FastifyInstance, deps: BrowserDependencies, sessions: BrowserSessions): void {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/session/organization', {
    config: { key: 'none' },
    schema: { hide: true, body: Type.Object({ organization_id: Type.String({ minLength: 1, maxLength: 64 }) }) },
  }, async (request, reply) => {
    requireCsrfHeader(request);
    const id = sessionId(request);
    const session = id === undefined ? undefined : sessions.find(id);
    if (id === undefined || !session) throw new ApiError('unauthenticated', 401, 'Sign in first: open the login URL printed by the server.');
    assertOwnerMayLeave(deps, session);
    const organization = activeOrganization(deps.store.db, session.accountId, request.body.organization_id);
    if (!organization) throw notFound('Organization');
    sessions.chooseOrganization(id, organization.uuid);
    return reply.code(204).send();
  });
}
