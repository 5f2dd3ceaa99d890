/** The calls of the recipients screen: /recipients, the taxpayer register, and the location pickers. */
import { ApiRequestError, api as defaultClient, query, type ApiClient } from '../api/client.ts';
import { organizationApi } from '../shared/organization/api.ts';
import { taxpayersOf } from '../shared/taxpayers.ts';
import type { Pagination, Recipient, RecipientInput, Taxpayer, TaxpayerSearchResult } from './types.ts';

export const PAGE_SIZE = 50;

/** 404 as "none", every other failure as it is. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function createRecipientsApi(client: Pick<ApiClient, 'data' | 'request'> = defaultClient) {
  // The location pickers' calls are the first-run wizard's own.
  const { provinces, cantons, districts } = organizationApi(client);
  return {
    async list(search: string, page = 1): Promise<{ items: Recipient[]; pagination: Pagination }> {
      const answer = await client.request<{ data: Recipient[]; pagination: Pagination }>('GET', `/recipients${query({ search: search.trim(), page, per_page: PAGE_SIZE })}`);
      return { items: answer.data, pagination: answer.pagination };
    },
    create: (input: RecipientInput) => client.data<Recipient>('POST', '/recipients', input),
    replace: (id: number, input: RecipientInput) => client.data<Recipient>('PUT', `/recipients/${id}`, input),
    remove: (id: number) => client.data<null>('DELETE', `/recipients/${id}`),
    /** The saved recipient with this identification, if any. */
    saved: (identification: string) => orNull(client.data<Recipient>('GET', `/recipients/lookup${query({ identification })}`)),
    /** The public register's entry for an identification number, or null when it has none. */
    async taxpayer(identification: string): Promise<Taxpayer | null> {
      const result = await client.data<TaxpayerSearchResult>('GET', `/hacienda/taxpayers${query({ cedula: identification })}`);
      return taxpayersOf(result)[0] ?? null;
    },
    provinces,
    cantons,
    districts,
  };
}

export type RecipientsApi = ReturnType<typeof createRecipientsApi>;
