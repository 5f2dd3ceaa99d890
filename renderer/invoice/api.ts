/** The invoice screen's calls, on the shared client's `data` (renderer/api/client.ts). */
import { api as defaultApi, BACKGROUND, query, type ApiClient } from '../api/client.ts';
import type { CabysCode, DocumentDetail, DocumentSubmitted, ProductHit } from '../api/types.ts';
import type { DraftCheck } from '../api/draft-check.ts';
import type { Recipient } from '../api/types.ts';
import type { CodeEntry, ExchangeRate, Organization, TaxpayerSearchResult } from './types.ts';

export function createInvoiceApi(client: Pick<ApiClient, 'data' | 'taxRates'> = defaultApi) {
  const get = <T>(path: string) => client.data<T>('GET', path);
  return {
    organization: () => get<Organization>('/organizations/me'),
    /** The client's one read of the table, shared with the counter. */
    taxRates: client.taxRates,
    codes: (table: 'sale-conditions' | 'payment-methods' | 'reference-codes' | 'reference-doc-types') => get<CodeEntry[]>(`/reference/${table}`),
    recipients: (search: string) => get<Recipient[]>(`/recipients${query({ search, per_page: 8 })}`),
    taxpayers: (cedula: string) => get<TaxpayerSearchResult>(`/hacienda/taxpayers${query({ cedula })}`),
    exchangeRate: (currency: string) => get<ExchangeRate>(`/exchange-rates${query({ currency })}`),
    products: (q: string) => get<ProductHit[]>(`/products${query({ q, per_page: 8 })}`),
    cabys: (q: string) => get<CabysCode[]>(`/reference/cabys${query({ q, per_page: 8 })}`),
    validate: (draft: unknown) => client.data<DraftCheck>('POST', '/hacienda/validate', draft),
    issue: (request: unknown) => client.data<DocumentSubmitted>('POST', '/electronic-documents', request),
    // Read by the issued invoice's status poll only: in the background, so an open screen still locks.
    document: (key: string) => client.data<DocumentDetail>('GET', `/electronic-documents/${encodeURIComponent(key)}`, undefined, BACKGROUND),
    email: (key: string, recipients: string[]) => client.data<{ recipients: string[] }>('POST', `/documents/${encodeURIComponent(key)}/email`, { recipients }),
  };
}

export type InvoiceApi = ReturnType<typeof createInvoiceApi>;
