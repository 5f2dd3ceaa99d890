/**
 * The calls the counter makes, over the shared client (renderer/api/client.ts): the organization with its
 * stored issuer location (docs/organization-address.md), saving that location, the live totals of a draft
 * (POST /hacienda/validate, docs/draft-totals.md), and the shared searches and issuing. One interface, so
 * the store's tests hand it a fake.
 */
import { api as defaultClient, type ApiClient } from '../api/client.ts';
import type { DraftCheck } from '../api/draft-check.ts';
import type { OrganizationProfile } from '../api/types.ts';
import type { Address } from '../shared/address.ts';

/** The profile plus the member beyond the spec the counter reads. */
export interface CounterOrganization extends OrganizationProfile {
  address?: Address | null;
}

export function counterApi(client: ApiClient = defaultClient) {
  return {
    organization: () => client.data<CounterOrganization>('GET', '/organizations/me'),
    saveAddress: (address: Address) => client.data<CounterOrganization>('PUT', '/organizations/me', { address }),
    validate: (draft: unknown) => client.data<DraftCheck>('POST', '/hacienda/validate', draft),
    taxRates: client.taxRates,
    searchProducts: client.searchProducts,
    searchCabys: client.searchCabys,
    issue: client.issue,
    document: client.document,
  };
}

export type CounterApi = ReturnType<typeof counterApi>;
