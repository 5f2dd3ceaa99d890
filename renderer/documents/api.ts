/** The Documents screen's calls, on the shared client (renderer/api/client.ts). */
import { api as defaultApi, query, type ApiClient } from '../api/client.ts';
import { withApproval } from '../shared/approval/with-approval.ts';
import { filterQuery, type DocumentFilters } from './filters.ts';
import type { DocumentPage, FullDocument, VoidSubmitted } from './types.ts';

const path = (key: string) => encodeURIComponent(key);

export function createDocumentsApi(client: Pick<ApiClient, 'data' | 'request'> = defaultApi) {
  return {
    /**
     * The whole envelope: the page's `next_cursor` sits beside `data`. `extra`: BACKGROUND for the status
     * poll, so that polling does not count as the cashier's activity (the inactivity lock, docs/tills.md).
     */
    list: (filters: DocumentFilters, cursor: string | null = null, extra?: Record<string, string>) =>
      client.request<DocumentPage>('GET', `/documents${query(filterQuery(filters, cursor))}`, undefined, extra),
    /** `extra`: BACKGROUND for the status poll, as for `list`. */
    document: (key: string, extra?: Record<string, string>) => client.data<FullDocument>('GET', `/electronic-documents/${path(key)}`, undefined, extra),
    email: (key: string, recipients: string[]) => client.data<{ id: number; status: string; recipients: string[] }>('POST', `/documents/${path(key)}/email`, { recipients }),
    // A cashier may not void: a supervisor's PIN approves this one (shared/approval, docs/tills.md).
    void: (key: string, reason?: string) => withApproval((headers) => client.data<VoidSubmitted>('POST', `/documents/${path(key)}/void`, reason ? { reason } : {}, headers)),
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;

/** The PIN pad's names, for the cashier filter (every session may read them; empty without cashiers). */
export const cashierNames = (client: Pick<ApiClient, 'data'> = defaultApi) => client.data<{ id: number; name: string }[]>('GET', '/session/cashiers');
