/**
 * POST /organizations/me/activate-production (beyond the spec; docs/account.md, "Going live"): the owner
 * takes the shop live from Settings instead of a terminal. Organization key with `settings:manage`, acting
 * on production: the signed-in browser (the owner, docs/browser-access.md) or a live key; a test key is
 * refused like on every production setting (403 `live_key_required`). The certificate and credentials are
 * checked first (422 naming each thing missing); `dry_run` checks only.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { ok } from '../../envelope.ts';
import { GoLiveBody, GoLiveQuery, GoLiveReply } from './go-live-schemas.ts';
import { requireOrganization } from '../../route-config.ts';
import { requestedEnvironment } from '../../requested-environment.ts';
import { requestLanguage } from '../../request-language.ts';
import { profileView } from './views.ts';
import { accountView } from '../keys/views.ts';
import type { VaultDeps } from '../../../organizations/dependencies.ts';
import { goLive } from '../../../organizations/go-live.ts';
import { goLiveText } from '../../../organizations/go-live-messages.ts';

export const GO_LIVE_PATH = '/organizations/me/activate-production';

/** What going live uses: the store, the vault (the certificate and credentials are opened to check them), the clock. */
export type GoLiveDependencies = VaultDeps;

export const goLiveRoutes: RoutePlugin<GoLiveDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  app.post(GO_LIVE_PATH, {
    config: { key: 'organization', abilities: ['settings:manage'] },
    schema: {
      tags: ['organizations'],
      summary: 'Go live: check the production certificate and ATV credentials, then set a plan with production, status active, and production as the default environment (beyond the spec)',
      querystring: GoLiveQuery,
      body: GoLiveBody,
      response: { 200: GoLiveReply },
    },
  }, async (request) => {
    const auth = requireOrganization(request);
    requestedEnvironment(auth, 'production');
    const lang = requestLanguage(request.query.lang, request.headers['accept-language']);
    const dryRun = request.body.dry_run === true;
    const result = goLive(deps, auth.account, auth.organization, { plan: request.body.plan, dryRun, lang });
    return ok({
      activated: !dryRun,
      plan: result.plan.code,
      account: accountView(result.account),
      organization: profileView(result.organization, result.account),
    }, goLiveText(lang, dryRun ? 'ready' : 'activated'));
  });
};
