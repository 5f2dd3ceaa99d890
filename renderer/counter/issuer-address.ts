/**
 * The issuer's location (Ubicacion), which the XML of every ticket carries. The server keeps it with the
 * organization (`address` of GET/PUT /organizations/me, docs/organization-address.md); the counter asks
 * for it once when it is missing and sends it with each ticket.
 */
export interface IssuerAddress {
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

/** The server's own rules (the district's existence it checks itself): a form says at once what is missing. */
export function isValidAddress(a: Partial<IssuerAddress>): a is IssuerAddress {
  return /^[1-7]$/.test(a.province ?? '') && /^\d{2}$/.test(a.canton ?? '') && /^\d{2}$/.test(a.district ?? '')
    && (a.neighborhood ?? '').length <= 50 && (a.details ?? '').trim().length >= 5;
}

/** The form's fields as the API wants them: a blank neighbourhood is none. */
export function addressToSave(a: IssuerAddress): IssuerAddress {
  const neighborhood = a.neighborhood?.trim();
  return { province: a.province, canton: a.canton, district: a.district, ...(neighborhood ? { neighborhood } : {}), details: a.details.trim() };
}
