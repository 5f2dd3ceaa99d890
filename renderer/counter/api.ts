/**
 * The calls the counter makes, over the shared client (renderer/api/client.ts): the organization with its
 * stored issuer location (docs/organization-address.md), saving that location, the live totals of a draft
 * (POST /hacienda/validate, docs/draft-totals.md), the shared searches and issuing, saving a line rung up
 * by CABYS code as a product (docs/products.md) and voiding the last ticket. One interface, so the stores'
 * tests hand it a fake.
 */
import { api as defaultClient, type ApiClient } from '../api/client.ts';
import type { DraftCheck } from '../api/draft-check.ts';
import type { ProductInputView } from '../api/schemas.ts';
import type { OrganizationProfile, Product } from '../api/types.ts';
import type { VoidSubmitted } from '../api/types.ts';
import type { Address } from '../shared/address.ts';

/** The profile plus the member beyond the spec the counter reads. */
export interface CounterOrganization extends OrganizationProfile {
  address?: Address | null;
}

/**
 * POST /products as the counter sends it (the server's ProductInput): the line's item under a short code and
 * name (docs/products.md), its price as decimal text, always with its rate code and (beyond the spec)
 * whether `price` is the shelf price with VAT.
 */
export type CounterProductInput = Required<Pick<ProductInputView, 'code' | 'description' | 'cabys_code' | 'unit' | 'price_includes_vat'>> & {
  price: string;
  tax_rate_code: string;
};

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
    saveProduct: (product: CounterProductInput) => client.data<Product>('POST', '/products', product),
    voidDocument: (key: string) => client.data<VoidSubmitted>('POST', `/documents/${encodeURIComponent(key)}/void`, {}),
  };
}

export type CounterApi = ReturnType<typeof counterApi>;
