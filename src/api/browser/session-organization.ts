/**
 * The organization a browser session works on (docs/browser-access.md). The session itself is bound to
 * the local account's internal account key; on organization routes it acts as that organization's
 * internal organization key instead, in the mode of the organization's `default_environment`
 * (production → a live key, with the account's live rules; staging → a test key). Which organization:
 * the one chosen with `POST /session/organization`, else the account's first active one. With none yet
 * (a fresh install), organization routes answer `403 organization_key_required`: the first-run wizard
 * creates one.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { ORGANIZATION_ABILITIES } from '../abilities.ts';
import { ApiError, notFound } from '../errors.ts';
import type { ApiKeyRow } from '../../store/api-keys.ts';
import { browserKey } from '../../store/browser-key.ts';
import { listOrganizations } from '../../store/organizations.ts';
import { requireCsrfHeader, sessionId } from './session-auth.ts';
import type { BrowserSession, BrowserSessions } from './sessions.ts';

function activeOrganizations(core: Core, accountId: string) {
  return listOrganizations(core.store.db, accountId).filter((o) => o.isActive).sort((a, b) => a.id - b.id);
}

/** The internal organization key the session acts as on an organization route. */
export function sessionOrganizationKey(core: Core, session: BrowserSession): ApiKeyRow {
  const organizations = activeOrganizations(core, session.accountId);
  const organization = organizations.find((o) => o.uuid === session.organizationUuid) ?? organizations[0];
  if (!organization) {
    throw new ApiError('organization_key_required', 403, 'There is no issuing organization yet: create one first (POST /api/v1/organizations).');
  }
  const mode = organization.defaultEnvironment === 'production' ? 'live' : 'test';
  return browserKey(core.store.db, { accountId: session.accountId, organizationId: organization.id, mode }, [...ORGANIZATION_ABILITIES], core.clock.now());
}

/** `POST /session/organization {"organization_id": "<uuid>"}`: the organization this session works on from now on. */
export function registerSessionOrganization(plain: FastifyInstance, core: Core, sessions: BrowserSessions): void {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/session/organization', {
    config: { key: 'none' },
    schema: { hide: true, body: Type.Object({ organization_id: Type.String({ minLength: 1, maxLength: 64 }) }) },
  }, async (request, reply) => {
    requireCsrfHeader(request);
    const id = sessionId(request);
    const session = id === undefined ? undefined : sessions.find(id);
    if (id === undefined || !session) throw new ApiError('unauthenticated', 401, 'Sign in first: open the login URL printed by the server.');
    const organization = activeOrganizations(core, session.accountId).find((o) => o.uuid === request.body.organization_id);
    if (!organization) throw notFound('Organization');
    sessions.chooseOrganization(id, organization.uuid);
    return reply.code(204).send();
  });
}
