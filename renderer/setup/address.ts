/** The issuer location of the profile: when a draft is complete (the rules of PUT /organizations/me, docs/organization-address.md) and the body sent. */
import type { Address } from './types.ts';

export type AddressDraft = Partial<Address>;

export function isCompleteAddress(a: AddressDraft): a is Address {
  const details = a.details?.trim() ?? '';
  return /^[1-7]$/.test(a.province ?? '') && /^\d{2}$/.test(a.canton ?? '') && /^\d{2}$/.test(a.district ?? '')
    && details.length >= 5 && details.length <= 250 && (a.neighborhood?.length ?? 0) <= 50;
}

/** The location as the profile takes it: codes as they are, texts trimmed, no empty neighbourhood. */
export function addressBody(address: Address): Address {
  const neighborhood = address.neighborhood?.trim();
  return { province: address.province, canton: address.canton, district: address.district, ...(neighborhood ? { neighborhood } : {}), details: address.details.trim() };
}
