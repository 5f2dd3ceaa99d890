/**
 * Creating an organization in the account: the plan bounds how many may exist (`max_organizations`,
 * 0 = unlimited; deleted ones do not count) and an identification appears once per account. Check and
 * insert share one transaction, so two concurrent requests cannot both pass.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../domain/errors.ts';
import { findPlan } from '../billing/price-list.ts';
import type { StoreDeps } from './dependencies.ts';
import type { AccountRow } from '../store/accounts.ts';
import { checkIdentification } from './identification.ts';
import { countOrganizations, findOrganizationByIdentification, insertOrganization, type OrganizationRow } from '../store/organizations.ts';

export interface OrganizationFields {
  name: string;
  legalName: string | null;
  identificationType: string;
  identificationNumber: string;
  email: string;
  phone: string | null;
  economicActivities: string[];
}

export function organizationExists(identificationNumber: string): AppError {
  return new AppError('organization_exists', 409, `An organization with identification ${identificationNumber} already exists in this account.`);
}

export function createOrganization(deps: StoreDeps, account: AccountRow, fields: OrganizationFields): OrganizationRow {
  checkIdentification(fields.identificationType, fields.identificationNumber);
  const max = findPlan(account.plan)?.max_organizations ?? 0;
  return deps.store.transaction((db) => {
    if (max > 0 && countOrganizations(db, account.id) >= max) {
      throw new AppError('organization_limit_reached', 403,
        `The ${account.plan} plan allows ${max} organization${max === 1 ? '' : 's'}; choose a larger plan or delete one.`);
    }
    if (findOrganizationByIdentification(db, account.id, fields.identificationNumber)) throw organizationExists(fields.identificationNumber);
    const now = deps.clock.now().toISOString();
    return insertOrganization(db, { ...fields, uuid: randomUUID(), accountId: account.id, createdAt: now, updatedAt: now });
  });
}
