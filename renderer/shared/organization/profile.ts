/**
 * The organization profile as several screens read it (GET/PUT /organizations/me: the setup gate, Settings,
 * the counter, the keys screen), the location pickers' entries, and the rule of an economic-activity code.
 */
import type { OrganizationProfile } from '../../api/types.ts';
import type { OrganizationProfileView } from '../../api/schemas.ts';
import type { Address } from '../address.ts';
import type { Environment } from '../environment.ts';

/** The issuer's location kept in the profile (docs/organization-address.md, renderer/shared/address.ts). */
export type { Address };

/**
 * GET /organizations/me, with the members beyond OrganizationProfile that these screens use. The schema
 * types `default_environment` as text and `address` as an open object: their shapes are the screens'.
 */
export type Profile = Omit<OrganizationProfile, 'default_environment'> & Pick<OrganizationProfileView, 'is_active' | 'logo_url' | 'logo_width' | 'plan'> & {
  default_environment: Environment;
  address: Address | null;
};

/** PUT /organizations/me: only the members sent change. */
export type ProfileUpdate = Partial<Pick<Profile, 'name' | 'legal_name' | 'email' | 'phone' | 'economic_activities' | 'default_environment' | 'address' | 'prices_include_vat'>>;

/** A province, canton or district of the official location table. */
export interface Place {
  code: string;
  name: string;
}

/** An economic-activity code and its name. */
export interface Activity {
  code: string;
  name: string;
}

/** An economic-activity code as the API takes it (OrganizationInput). */
export const ACTIVITY_CODE = /^(\d{4,6}|\d{4}\.\d)$/;
