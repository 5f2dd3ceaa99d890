/**
 * An organization's address as documents will need it: a district of the official location table, and,
 * once trimmed, a neighbourhood (optional) and other signs of at least the 5 characters a document's
 * Ubicacion needs (documents' read-party.ts readLocation; Barrio and OtrasSenas in the XSD). 422 naming each
 * member otherwise.
 */
import { validationError } from '../domain/errors.ts';
import type { OrganizationAddress } from '../store/schema.ts';

/** The official location table, by full code (province, canton, district). */
export interface LocationTable {
  unit(fullCode: string): unknown;
}

/** The address trimmed, or null for none. */
export function knownAddress(locations: LocationTable, address: OrganizationAddress | null): OrganizationAddress | null {
  if (address === null) return null;
  const neighborhood = address.neighborhood?.trim();
  const details = address.details.trim();
  const errors: Record<string, string[]> = {};
  if (neighborhood && neighborhood.length < 5) errors['address.neighborhood'] = ['At least 5 characters (or none).'];
  if (details.length < 5) errors['address.details'] = ['At least 5 characters.'];
  if (!locations.unit(`${address.province}${address.canton}${address.district}`)) {
    errors['address.district'] = [`No district ${address.province}-${address.canton}-${address.district} in the official location table.`];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { province: address.province, canton: address.canton, district: address.district, ...(neighborhood ? { neighborhood } : {}), details };
}
