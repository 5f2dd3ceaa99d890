/** The Documents screen's calls, on the shared client (renderer/api/client.ts). */
import { api as defaultApi, query, type ApiClient } from '../api/client.ts';
import { filterQuery, type DocumentFilters } from './filters.ts';
import type { DocumentPage, FullDocument, VoidSubmitted } from './types.ts';

const path = (key: string) => encodeURIComponent(key);

export function createDocumentsApi(client: Pick<ApiClient, 'data' | 'request'> = defaultApi) {
  return {
    /** The whole envelope: the page's `next_cursor` sits beside `data`. */
    list: (filters: DocumentFilters, cursor: string | null = null) => client.request<DocumentPage>('GET', `/documents${query(filterQuery(filters, cursor))}`),
    document: (key: string) => client.data<FullDocument>('GET', `/electronic-documents/${path(key)}`),
    email: (key: string, recipients: string[]) => client.data<{ id: number; status: string; recipients: string[] }>('POST', `/documents/${path(key)}/email`, { recipients }),
    void: (key: string, reason?: string) => client.data<VoidSubmitted>('POST', `/documents/${path(key)}/void`, reason ? { reason } : {}),
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;
