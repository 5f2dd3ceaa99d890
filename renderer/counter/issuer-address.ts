/**
 * The issuer's location (Ubicacion), which the XML of a ticket requires but the organization profile
 * (GET /organizations/me) does not carry yet. Until the server stores it with the organization, the counter
 * keeps it in this browser's localStorage, asked once.
 */
export interface IssuerAddress {
  /** Provincia, one digit. */
  province: string;
  /** Cantón, two digits. */
  canton: string;
  /** Distrito, two digits. */
  district: string;
  /** Otras señas. */
  details: string;
}

export const ADDRESS_STORAGE_KEY = 'facturador.issuerAddress';

export function isValidAddress(a: Partial<IssuerAddress>): a is IssuerAddress {
  return /^[1-7]$/.test(a.province ?? '') && /^\d{2}$/.test(a.canton ?? '') && /^\d{2}$/.test(a.district ?? '') && (a.details ?? '').trim().length >= 5;
}

export function loadAddress(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): IssuerAddress | null {
  try {
    const parsed = JSON.parse(storage?.getItem(ADDRESS_STORAGE_KEY) ?? 'null') as Partial<IssuerAddress> | null;
    return parsed && isValidAddress(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveAddress(address: IssuerAddress, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(ADDRESS_STORAGE_KEY, JSON.stringify(address));
  } catch {
    // kept for this page only
  }
}
