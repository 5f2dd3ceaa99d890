/**
 * POST /organizations/me/activate-production (beyond the spec; docs/account.md, "Going live"): its body,
 * query and answer (the account as GET /account and the profile as GET /organizations/me write them).
 */
import { Type } from 'typebox';
import { Envelope } from '../../schema-types.ts';

/** A JSON object, `{}` for the defaults. */
export const GoLiveBody = Type.Object({
  dry_run: Type.Optional(Type.Boolean({ description: 'true: only check what is missing; nothing changes (default false)' })),
  plan: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'a plan of GET /plans with live_allowed; default: the current plan when it allows production, else the smallest that fits the organizations' })),
});

export const GoLiveQuery = Type.Object({
  lang: Type.Optional(Type.Union([Type.Literal('es'), Type.Literal('en')], { description: 'language of the messages; default: from Accept-Language, `en` if asked, else Spanish' })),
});

export const GoLiveReply = Envelope(Type.Object({
  activated: Type.Boolean({ description: 'false on a dry run: nothing changed' }),
  plan: Type.String({ description: 'the plan the licence has (or, on a dry run, would get)' }),
  account: Type.Object({ plan: Type.String(), status: Type.String() }, { additionalProperties: true, description: 'Account, as GET /account' }),
  organization: Type.Object({ default_environment: Type.String() }, { additionalProperties: true, description: 'OrganizationProfile, as GET /organizations/me' }),
}));
