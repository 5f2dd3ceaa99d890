/**
 * The issuer's location (Ubicacion) that every document carries, as the organization profile keeps it
 * (`address` of GET/PUT /organizations/me, docs/organization-address.md). One copy of the server's rules
 * (the district's existence it checks itself), so that the wizard, Settings and the counter say at once
 * what is missing: codes of the official table, texts counted after trimming, a neighbourhood either
 * absent or 5 to 50 characters (what a document needs), other signs 5 to 250.
 */
export interface Address {
  /** Provincia, one digit. */
  province: string;
  /** Cantón, two digits. */
  canton: string;
  /** Distrito, two digits. */
  district: string;
  /** Barrio, optional free text. */
  neighborhood?: string;
  /** Otras señas. */
  details: string;
}

export type AddressDraft = Partial<Address>;

export function isCompleteAddress(a: AddressDraft): a is Address {
  const details = a.details?.trim() ?? '';
  const neighborhood = a.neighborhood?.trim() ?? '';
  return /^[1-7]$/.test(a.province ?? '') && /^\d{2}$/.test(a.canton ?? '') && /^\d{2}$/.test(a.district ?? '')
    && details.length >= 5 && details.length <= 250 && (neighborhood === '' || (neighborhood.length >= 5 && neighborhood.length <= 50));
}

/** The location as the profile takes it: codes as they are, texts trimmed, no empty neighbourhood. */
export function addressBody(address: Address): Address {
  const neighborhood = address.neighborhood?.trim();
  return { province: address.province, canton: address.canton, district: address.district, ...(neighborhood ? { neighborhood } : {}), details: address.details.trim() };
}
