/**
 * POST /organizations/me/activate-production (beyond the spec; docs/account.md, "Going live"): the owner
 * takes the shop live from Settings instead of a terminal. Organization key with `settings:manage`, acting
 * on production: the signed-in browser (the owner, docs/browser-access.md) or a live key; a test key is
 * refused like on every production setting (403 `live_key_required`). The certificate and credentials are
 * checked first (422 naming each thing missing); `dry_run` checks only.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { ok } from '../../envelope.ts';
import { Envelope } from '../../schema-types.ts';
import { requireOrganization } from '../../route-config.ts';
import { requestedEnvironment } from '../../requested-environment.ts';
import { requestLanguage } from '../../request-language.ts';
import { profileView } from './views.ts';
import { accountView } from '../keys/account-routes.ts';
import { goLive } from '../../../organizations/go-live.ts';
import { goLiveText } from '../../../organizations/go-live-messages.ts';

export const GO_LIVE_PATH = '/organizations/me/activate-production';

/** A JSON object, `{}` for the defaults. */
const GoLiveBody = Type.Object({
  dry_run: Type.Optional(Type.Boolean({ description: 'true: only check what is missing; nothing changes (default false)' })),
  plan: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'a plan of GET /plans with live_allowed; default: the current plan when it allows production, else the smallest that fits the organizations' })),
});

const GoLiveQuery = Type.Object({
  lang: Type.Optional(Type.Union([Type.Literal('es'), Type.Literal('en')], { description: 'language of the messages; default: from Accept-Language, `en` if asked, else Spanish' })),
});

const GoLiveReply = Envelope(Type.Object({
  activated: Type.Boolean({ description: 'false on a dry run: nothing changed' }),
  plan: Type.String({ description: 'the plan the licence has (or, on a dry run, would get)' }),
  account: Type.Object({ plan: Type.String(), status: Type.String() }, { additionalProperties: true, description: 'Account, as GET /account' }),
  organization: Type.Object({ default_environment: Type.String() }, { additionalProperties: true, description: 'OrganizationProfile, as GET /organizations/me' }),
}));

export const goLiveRoutes: RoutePlugin = (core) => async (plain) => {
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
    const result = goLive(core, auth.account, auth.organization, { plan: request.body.plan, dryRun, lang });
    return ok({
      activated: !dryRun,
      plan: result.plan.code,
      account: accountView(result.account),
      organization: profileView(result.organization, result.account),
    }, goLiveText(lang, dryRun ? 'ready' : 'activated'));
  });
};
