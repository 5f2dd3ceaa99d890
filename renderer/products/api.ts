/**
 * The calls of the products screen: /products, its CSV import, the CABYS search and tax rates shared with
 * the counter, and the shop's profile.
 */
import { api as defaultClient, query, TextBody, type ApiClient } from '../api/client.ts';
import type { ImportReport, Pagination, Product, ProductInput } from './types.ts';

export const PAGE_SIZE = 50;

export function createProductsApi(client: Pick<ApiClient, 'data' | 'request' | 'searchCabys' | 'cabys' | 'taxRates' | 'organization'> = defaultClient) {
  return {
    async list(search: string, page = 1): Promise<{ items: Product[]; pagination: Pagination }> {
      const answer = await client.request<{ data: Product[]; pagination: Pagination }>('GET', `/products${query({ q: search.trim(), page, per_page: PAGE_SIZE })}`);
      return { items: answer.data, pagination: answer.pagination };
    },
    create: (input: ProductInput) => client.data<Product>('POST', '/products', input),
    replace: (id: number, input: ProductInput) => client.data<Product>('PUT', `/products/${id}`, input),
    remove: (id: number) => client.data<null>('DELETE', `/products/${id}`),
    /** The file as it is: the server reads the CSV and answers a report per row. */
    importCsv: (csv: string) => client.data<ImportReport>('POST', '/products/import', new TextBody('text/csv', csv)),
    searchCabys: client.searchCabys,
    cabys: client.cabys,
    taxRates: client.taxRates,
    /** The shop's profile: its "prices include VAT" setting is a new product's default. */
    organization: client.organization,
  };
}

export type ProductsApi = ReturnType<typeof createProductsApi>;
