/** The /received-documents calls of "Compras" (docs/received.md), on the shared client. */
import { api as defaultClient, errorFromBody, fileUrl, query, ApiRequestError, type ApiClient } from '../api/client.ts';
import { currentEndpoint } from '../api/endpoint.ts';
import { useLanguage } from '../i18n/store.ts';
import type { AnswerInput, Deadlines, Pagination, ReceivedDocument, ReceivedState, UploadResult } from './types.ts';

export const PER_PAGE = 50;

export interface ListFilters {
  state?: ReceivedState | '';
  supplier?: string;
  month?: string;
  sort?: 'deadline';
}

const path = (clave: string, rest = '') => `/received-documents/${encodeURIComponent(clave)}${rest}`;

/** The supplier's PDF, shown in the page (inline). */
export const pdfUrl = (clave: string) => fileUrl(path(clave, '/pdf'));
/** The supplier's signed XML, as received. */
export const xmlUrl = (clave: string) => fileUrl(path(clave, '/xml'));

/**
 * Several files in one form: fetch with FormData (the browser writes the boundary), with the client's
 * headers (anti-CSRF, language) and its error envelope.
 */
async function uploadFiles(files: readonly File[]): Promise<UploadResult> {
  const endpoint = currentEndpoint();
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${endpoint.base}/received-documents`, {
      method: 'POST', credentials: endpoint.credentials, body: form,
      headers: { accept: 'application/json', 'accept-language': useLanguage.getState().language, ...endpoint.headers('POST') },
    });
  } catch {
    throw new ApiRequestError(0, 'network_error', 'server_unreachable');
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw errorFromBody(res.status, body);
  return (body as { data: UploadResult }).data;
}

export function createPurchasesApi(client: Pick<ApiClient, 'data' | 'request'> = defaultClient) {
  return {
    list: async (filters: ListFilters, page: number) => {
      const reply = await client.request<{ data: ReceivedDocument[]; pagination: Pagination }>('GET', `/received-documents${query({ ...filters, page, per_page: PER_PAGE })}`);
      return { items: reply.data, pagination: reply.pagination };
    },
    get: (clave: string) => client.data<ReceivedDocument>('GET', path(clave)),
    answer: (clave: string, input: AnswerInput) => client.data<ReceivedDocument>('POST', path(clave, '/answer'), input),
    deadlines: () => client.data<Deadlines>('GET', '/received-documents/deadlines'),
    upload: uploadFiles,
  };
}

export type PurchasesApi = ReturnType<typeof createPurchasesApi>;
