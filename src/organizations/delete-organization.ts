/**
 * Deleting an organization (DELETE /organizations/:org): a soft delete, so its documents are kept and its
 * keys stop working; the signing identity cached in memory is dropped with it.
 */
import type { StoreDeps } from './dependencies.ts';
import { softDeleteOrganization, type OrganizationRow } from '../store/organizations.ts';
import { forgetSigningIdentity } from './signing-identity.ts';

export function deleteOrganization(deps: StoreDeps, row: Pick<OrganizationRow, 'id'>): void {
  softDeleteOrganization(deps.store.db, row.id, deps.clock.now());
  forgetSigningIdentity(deps, row.id);
}
