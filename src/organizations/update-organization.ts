/**
 * Changing an organization's fields. When the identification changes (profile update), it must still fit
 * its type and stay unique in the account; check and write share one transaction.
 */
import type { StoreDeps } from './dependencies.ts';
import { findOrganizationByIdentification, updateOrganization, type NewOrganization, type OrganizationRow } from '../store/organizations.ts';
import { organizationExists } from './create-organization.ts';
import { checkIdentification } from './identification.ts';

export type OrganizationChanges = Partial<Omit<NewOrganization, 'id' | 'uuid' | 'accountId' | 'createdAt' | 'updatedAt' | 'deletedAt'>>;

export function changeOrganization(deps: StoreDeps, row: OrganizationRow, changes: OrganizationChanges): OrganizationRow {
  const type = changes.identificationType ?? row.identificationType;
  const number = changes.identificationNumber ?? row.identificationNumber;
  if (type !== row.identificationType || number !== row.identificationNumber) checkIdentification(type, number);
  return deps.store.transaction((db) => {
    if (number !== row.identificationNumber) {
      const other = findOrganizationByIdentification(db, row.accountId, number);
      if (other && other.id !== row.id) throw organizationExists(number);
    }
    return updateOrganization(db, row.id, { ...changes, updatedAt: deps.clock.now().toISOString() }) ?? row;
  });
}
