/**
 * The current organization's profile (`OrganizationProfile`), at /organizations/me and its alias /company.
 * Organization key; `settings:read` to view, `settings:manage` to change.
 */
import { ok } from '../../envelope.ts';
import { profileView } from './views.ts';
import { requireOrganization } from '../../route-config.ts';
import type { TypedApp } from '../../schema-types.ts';
import { OrganizationProfileUpdate, ProfileReply } from './schemas.ts';
import { normalizeIdentification } from '../../../organizations/identification.ts';
import { updateProfile, type ProfileDeps } from '../../../organizations/update-profile.ts';
import { assertSharedSettingsChange, requestedEnvironment } from '../../requested-environment.ts';

export const PROFILE_PATHS = ['/organizations/me', '/company'] as const;

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/** What the profile routes use: the store, the clock, and the official location table addresses are checked against. */
export type ProfileDependencies = ProfileDeps;

export function registerProfileRoutes(app: TypedApp, deps: ProfileDependencies): void {
  const tags = ['organizations'];
  for (const path of PROFILE_PATHS) {
    const alias = path === '/company' ? ' (alias of /organizations/me)' : '';
    app.get(path, {
      config: { key: 'organization', abilities: ['settings:read'] },
      schema: { tags, summary: `Profile of the key's organization${alias}`, response: { 200: ProfileReply } },
    }, async (request) => {
      const auth = requireOrganization(request);
      return ok(profileView(auth.organization, auth.account));
    });

    app.put(path, {
      config: { key: 'organization', abilities: ['settings:manage'] },
      schema: { tags, summary: `Update the profile of the key's organization${alias}`, body: OrganizationProfileUpdate, response: { 200: ProfileReply } },
    }, async (request) => {
      const auth = requireOrganization(request);
      assertSharedSettingsChange(auth);
      const b = request.body;
      if (b.default_environment !== undefined && b.default_environment !== auth.organization.defaultEnvironment) {
        // Either way the switch changes what the shop's screens issue (real documents or test ones), so a
        // test key may not make it; a live key or the signed-in owner may (403 live_key_required, issue 12).
        requestedEnvironment(auth, 'production');
      }
      // The use case refuses production as default for an account that may not use it, and an address
      // documents would refuse.
      const updated = updateProfile(deps, auth.organization, auth.account, {
        name: b.name,
        legalName: b.legal_name,
        identificationType: b.identification_type,
        identificationNumber: b.identification_number === undefined ? undefined : normalizeIdentification(b.identification_number),
        email: b.email,
        phone: blankToNull(b.phone),
        economicActivities: b.economic_activities,
        defaultEnvironment: b.default_environment,
        logoUrl: blankToNull(b.logo_url),
        logoWidth: b.logo_width,
        address: b.address,
        pricesIncludeVat: b.prices_include_vat,
      });
      return ok(profileView(updated, auth.account), 'Profile updated.');
    });
  }
}
