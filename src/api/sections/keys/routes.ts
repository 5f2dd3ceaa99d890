/**
 * API keys (spec "Keys, account, billing"): list, create (the secret is shown only here), revoke; and
 * GET /auth/me, the key in use. Key management needs an account key with `account:manage`.
 * Choices where the spec is silent are in docs/account.md.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Core } from '../../../core.ts';
import { requireAuth, type AuthContext } from '../../route-config.ts';
import { notFound, validationError } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { ACCOUNT_ABILITIES, ORGANIZATION_ABILITIES } from '../../abilities.ts';
import { createApiKey, listApiKeyViews, revokeApiKey, type ApiKeyView } from '../../../store/api-keys.ts';
import { getOrganizationByUuid, type OrganizationRow } from '../../../store/organizations.ts';
import { assertLiveAllowed } from '../../../billing/entitlements.ts';
import { ApiKeyCreatedReply, ApiKeyListReply, ApiKeyReply, CurrentKeyReply } from './schemas.ts';

const ACCOUNT_ONLY = { key: 'account', abilities: ['account:manage'] } as const;
const ALL_ABILITIES: readonly string[] = [...ORGANIZATION_ABILITIES, ...ACCOUNT_ABILITIES];

const ApiKeyInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  mode: Type.Unsafe<'test' | 'live'>({ type: 'string', enum: ['test', 'live'], description: 'test acts on staging, live on production' }),
  organization_id: Type.Optional(Type.String({ format: 'uuid', description: 'omit for an account key' })),
  // Checked in the handler, so that the message names the unknown or misplaced ability.
  abilities: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { description: `default: every ability of the key kind. Organization keys: ${ORGANIZATION_ABILITIES.join(', ')}. Account keys: ${ACCOUNT_ABILITIES.join(', ')}.` })),
  expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'a future instant' })),
});

const KeyParams = Type.Object({ key: Type.String({ description: 'the id of the API key' }) });

/** ApiKey: `organization_id` (uuid) only on organization keys; the secret never. */
export function apiKeyView(row: ApiKeyView) {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    abilities: row.abilities,
    ...(row.organizationUuid === null ? {} : { organization_id: row.organizationUuid }),
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    last_used_at: row.lastUsedAt,
    revoked_at: row.revokedAt,
  };
}

/** CurrentKey. `organization` is null for account keys (docs/account.md). */
function currentKeyView(auth: AuthContext) {
  const { key, account, organization } = auth;
  return {
    key: { id: key.id, name: key.name, mode: key.mode, prefix: key.prefix },
    abilities: key.abilities,
    account: { id: account.id, name: account.name, plan: account.plan, status: account.status },
    organization: organization
      ? {
          id: organization.uuid,
          name: organization.name,
          identification_type: organization.identificationType,
          identification_number: organization.identificationNumber,
          environment: auth.environment,
        }
      : null,
  };
}

/** The abilities of a new key: the default set of its kind, or the requested ones if they fit the kind. */
function keyAbilities(requested: string[] | undefined, forOrganization: boolean): string[] {
  const available: readonly string[] = forOrganization ? ORGANIZATION_ABILITIES : ACCOUNT_ABILITIES;
  if (requested === undefined) return [...available];
  const errors: Record<string, string[]> = {};
  requested.forEach((ability, i) => {
    if (available.includes(ability)) return;
    if (!ALL_ABILITIES.includes(ability)) errors[`abilities.${i}`] = [`Unknown ability ${ability}.`];
    else if (forOrganization) errors[`abilities.${i}`] = [`${ability} is an account ability; an organization key cannot carry it.`];
    else errors[`abilities.${i}`] = [`${ability} is an organization ability; an account key carries only account:manage.`];
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return [...new Set(requested)];
}

function keyOrganization(core: Core, accountId: string, uuid: string | undefined): OrganizationRow | undefined {
  if (uuid === undefined) return undefined;
  const organization = getOrganizationByUuid(core.store.db, accountId, uuid);
  if (!organization) throw validationError({ organization_id: ['No organization with this id in the account.'] });
  return organization;
}

function futureInstant(core: Core, text: string | undefined): string | null {
  if (text === undefined) return null;
  const at = Date.parse(text);
  if (!(at > core.clock.now().getTime())) throw validationError({ expires_at: ['Must be a date-time in the future.'] });
  return new Date(at).toISOString();
}

export const keyRoutes: RoutePlugin = (core) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/auth/me', {
    config: { key: 'any' },
    schema: { tags: ['keys'], summary: 'The API key in use: its abilities, account and organization', response: { 200: CurrentKeyReply } },
  }, async (request) => ok(currentKeyView(requireAuth(request))));

  app.get('/api-keys', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['keys'], summary: 'Every key of the account, newest first, revoked ones included (prefix only)', response: { 200: ApiKeyListReply } },
  }, async (request) => ok(listApiKeyViews(core.store.db, requireAuth(request).account.id).map(apiKeyView)));

  app.post('/api-keys', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['keys'], summary: 'Create a key; its secret is in this response only', body: ApiKeyInput, response: { 201: ApiKeyCreatedReply } },
  }, async (request, reply) => {
    const { account } = requireAuth(request);
    const body = request.body;
    const organization = keyOrganization(core, account.id, body.organization_id);
    const abilities = keyAbilities(body.abilities, organization !== undefined);
    const expiresAt = futureInstant(core, body.expires_at);
    if (body.mode === 'live') assertLiveAllowed(account);
    const { row, secret } = createApiKey(core.store.db, { accountId: account.id, organizationId: organization?.id ?? null, name: body.name, mode: body.mode, abilities, expiresAt }, core.clock.now());
    const view = apiKeyView({ ...row, organizationUuid: organization?.uuid ?? null });
    return reply.code(201).send(ok({ ...view, secret }, 'API key created. Store the secret now: it is not shown again.'));
  });

  app.delete('/api-keys/:key', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['keys'], summary: 'Revoke a key (at once; revoking an already revoked key changes nothing)', params: KeyParams, response: { 200: ApiKeyReply } },
  }, async (request) => {
    const { account } = requireAuth(request);
    const [existing] = listApiKeyViews(core.store.db, account.id, request.params.key);
    if (!existing) throw notFound('API key');
    revokeApiKey(core.store.db, existing.id, core.clock.now());
    const [revoked] = listApiKeyViews(core.store.db, account.id, existing.id);
    return ok(apiKeyView(revoked!), 'API key revoked.');
  });
};
