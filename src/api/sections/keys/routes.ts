/**
 * API keys (spec "Keys, account, billing"): list, create (the secret is shown only here), revoke; and
 * GET /auth/me, the key in use. Key management needs an account key with `account:manage`.
 * Choices where the spec is silent are in docs/account.md; the rules of a new key are the use case's
 * (organizations/create-api-key.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import type { Clock } from '../../../domain/clock.ts';
import type { Store } from '../../../store/database.ts';
import { requireAuth } from '../../route-config.ts';
import { notFound } from '../../errors.ts';
import { ok } from '../../envelope.ts';
import { ACCOUNT_ABILITIES, ORGANIZATION_ABILITIES } from '../../abilities.ts';
import { listApiKeyViews } from '../../../store/api-keys.ts';
import { createKey } from '../../../organizations/create-api-key.ts';
import { revokeKey } from '../../../organizations/revoke-api-key.ts';
import { ApiKeyCreatedReply, ApiKeyInput, ApiKeyListReply, ApiKeyReply, CurrentKeyReply, KeyParams } from './schemas.ts';
import { apiKeyView, currentKeyView } from './views.ts';

const ACCOUNT_ONLY = { key: 'account', abilities: ['account:manage'] } as const;
const ABILITIES = { organization: ORGANIZATION_ABILITIES, account: ACCOUNT_ABILITIES };

/** What the keys section uses: the store and the clock. */
export interface KeyDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
}

export const keyRoutes: RoutePlugin<KeyDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/auth/me', {
    config: { key: 'any' },
    schema: { tags: ['keys'], summary: 'The API key in use: its abilities, account and organization', response: { 200: CurrentKeyReply } },
  }, async (request) => ok(currentKeyView(requireAuth(request))));

  app.get('/api-keys', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['keys'], summary: 'Every key of the account, newest first, revoked ones included (prefix only)', response: { 200: ApiKeyListReply } },
  }, async (request) => ok(listApiKeyViews(deps.store.db, requireAuth(request).account.id).map(apiKeyView)));

  app.post('/api-keys', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['keys'], summary: 'Create a key; its secret is in this response only', body: ApiKeyInput, response: { 201: ApiKeyCreatedReply } },
  }, async (request, reply) => {
    const b = request.body;
    const { view, secret } = createKey(deps, requireAuth(request).account, ABILITIES, {
      name: b.name, mode: b.mode, organizationUuid: b.organization_id, abilities: b.abilities, expiresAt: b.expires_at,
    });
    return reply.code(201).send(ok({ ...apiKeyView(view), secret }, 'API key created. Store the secret now: it is not shown again.'));
  });

  app.delete('/api-keys/:key', {
    config: ACCOUNT_ONLY,
    schema: { tags: ['keys'], summary: 'Revoke a key (at once; revoking an already revoked key changes nothing)', params: KeyParams, response: { 200: ApiKeyReply } },
  }, async (request) => {
    const revoked = revokeKey(deps, requireAuth(request).account, request.params.key);
    if (!revoked) throw notFound('API key');
    return ok(apiKeyView(revoked), 'API key revoked.');
  });
};
