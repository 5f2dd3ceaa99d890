/**
 * The current organization's profile (`OrganizationProfile`), at /organizations/me and its alias /company.
 * Organization key; `settings:read` to view, `settings:manage` to change.
 */
import type { Core } from '../../../core.ts';
import { ok } from '../../envelope.ts';
import { profileView } from './views.ts';
import { requireOrganization } from '../../route-config.ts';
import type { TypedApp } from '../../schema-types.ts';
import { OrganizationProfileUpdate, ProfileReply } from './schemas.ts';
import { changeOrganization } from '../../../organizations/update-organization.ts';
import { normalizeIdentification } from '../../../organizations/identification.ts';
import type { OrganizationAddress } from '../../../store/schema.ts';
import { validationError } from '../../errors.ts';
import { assertLiveAllowed } from '../../../billing/entitlements.ts';
import { assertSharedSettingsChange, requestedEnvironment } from '../../requested-environment.ts';

export const PROFILE_PATHS = ['/organizations/me', '/company'] as const;

/**
 * An address that documents would refuse is a 422 now, not a refused document later: a district not in
 * the official location table, or, once trimmed, a neighbourhood or other signs shorter than the 5
 * characters a document's Ubicacion needs (read-party.ts readLocation; Barrio and OtrasSenas in the XSD).
 */
function knownAddress(core: Core, address: OrganizationAddress | null): OrganizationAddress | null {
  if (address === null) return null;
  const neighborhood = address.neighborhood?.trim();
  const details = address.details.trim();
  const errors: Record<string, string[]> = {};
  if (neighborhood && neighborhood.length < 5) errors['address.neighborhood'] = ['At least 5 characters (or none).'];
  if (details.length < 5) errors['address.details'] = ['At least 5 characters.'];
  if (!core.catalogs.locations.unit(`${address.province}${address.canton}${address.district}`)) {
    errors['address.district'] = [`No district ${address.province}-${address.canton}-${address.district} in the official location table.`];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { province: address.province, canton: address.canton, district: address.district, ...(neighborhood ? { neighborhood } : {}), details };
}

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

export function registerProfileRoutes(app: TypedApp, core: Core): void {
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
        // Production is where live keys act: an account that may not use them would lock its own browser
        // sessions out (they act in the organization's default environment, docs/browser-access.md).
        if (b.default_environment === 'production') assertLiveAllowed(auth.account);
      }
      const updated = changeOrganization(core, auth.organization, {
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
        address: b.address === undefined ? undefined : knownAddress(core, b.address),
        pricesIncludeVat: b.prices_include_vat,
      });
      return ok(profileView(updated, auth.account), 'Profile updated.');
    });
  }
}
