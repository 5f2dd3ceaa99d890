/** Shapes of the first run: the organization profile with its location, the pickers' entries, the wizard's steps. */
import type { OrganizationProfile } from '../api/types.ts';
import type { Environment } from '../certificate/types.ts';
import type { Address } from '../shared/address.ts';

/** The issuer's location kept in the profile (docs/organization-address.md, renderer/shared/address.ts). */
export type { Address };

/** GET /organizations/me, with the members beyond OrganizationProfile that these screens use. */
export interface Profile extends OrganizationProfile {
  default_environment: Environment;
  address: Address | null;
  is_active: boolean;
  logo_url: string | null;
  logo_width: number | null;
  plan: string;
}

/** PUT /organizations/me: only the members sent change. */
export type ProfileUpdate = Partial<Pick<Profile, 'name' | 'legal_name' | 'email' | 'phone' | 'economic_activities' | 'default_environment' | 'address' | 'prices_include_vat'>>;

/** POST /organizations (OrganizationInput). */
export interface OrganizationInput {
  name: string;
  identification_type: string;
  identification_number: string;
  email: string;
  legal_name?: string;
  phone?: string;
}

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

export type SetupStep = 'organization' | 'location' | 'certificate' | 'ticket';
export const STEPS: readonly SetupStep[] = ['organization', 'location', 'certificate', 'ticket'];
