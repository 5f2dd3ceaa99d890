/**
 * Changing an organization through the account (PATCH /organizations/:org): any field but its
 * identification, which cannot change (a different identification is a different taxpayer: create another
 * organization). Sending the identification unchanged is fine; a change is refused by name rather than
 * silently ignored.
 */
import { validationError } from '../domain/errors.ts';
import type { OrganizationRow } from '../store/organizations.ts';
import type { StoreDeps } from './dependencies.ts';
import { normalizeIdentification } from './identification.ts';
import { changeOrganization, type OrganizationChanges } from './update-organization.ts';

/** The identification members as the client sent them (any JSON value, or absent). */
export interface SentIdentification {
  identification_type?: unknown;
  identification_number?: unknown;
}

function refuseIdentificationChange(row: OrganizationRow, sent: SentIdentification): void {
  const changed = (field: keyof SentIdentification, current: string) => {
    const value = sent[field];
    if (value === undefined) return false;
    return typeof value !== 'string' || (field === 'identification_type' ? value : normalizeIdentification(value)) !== current;
  };
  const fields = (['identification_type', 'identification_number'] as const).filter((f) =>
    changed(f, f === 'identification_type' ? row.identificationType : row.identificationNumber));
  if (fields.length > 0) {
    throw validationError(Object.fromEntries(fields.map((f) => [f, ['The identification of an organization cannot change; create another organization.']])));
  }
}

export function patchOrganization(
  deps: StoreDeps, row: OrganizationRow, sent: SentIdentification, changes: Omit<OrganizationChanges, 'identificationType' | 'identificationNumber'>,
): OrganizationRow {
  refuseIdentificationChange(row, sent);
  return changeOrganization(deps, row, changes);
}
