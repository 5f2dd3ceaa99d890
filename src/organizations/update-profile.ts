/**
 * Changing the current organization's profile (PUT /organizations/me). Beyond changeOrganization's checks
 * (the identification fits its type and stays unique): making production the default environment needs an
 * account that may use production, since the owner's browser sessions act in the default environment
 * (docs/browser-access.md) and would otherwise lock themselves out; and an address that documents would
 * refuse is a 422 now, not a refused document later.
 */
import type { AccountRow } from '../store/accounts.ts';
import type { OrganizationRow } from '../store/organizations.ts';
import type { OrganizationAddress } from '../store/schema.ts';
import { assertLiveAllowed } from '../billing/entitlements.ts';
import type { StoreDeps } from './dependencies.ts';
import { knownAddress, type LocationTable } from './known-address.ts';
import { changeOrganization, type OrganizationChanges } from './update-organization.ts';

export interface ProfileDeps extends StoreDeps {
  catalogs: { locations: LocationTable };
}

/** `address`: null removes it; undefined keeps it. */
export type ProfileChanges = Omit<OrganizationChanges, 'address'> & { address?: OrganizationAddress | null };

export function updateProfile(deps: ProfileDeps, organization: OrganizationRow, account: AccountRow, changes: ProfileChanges): OrganizationRow {
  if (changes.defaultEnvironment === 'production' && organization.defaultEnvironment !== 'production') assertLiveAllowed(account);
  const address = changes.address === undefined ? {} : { address: knownAddress(deps.catalogs.locations, changes.address) };
  return changeOrganization(deps, organization, { ...changes, ...address });
}
