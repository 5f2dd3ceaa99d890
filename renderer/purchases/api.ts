/** The /received-documents calls of "Compras" (docs/received.md), on the shared client. */
import { api as defaultClient, fileUrl, query, type ApiClient } from '../api/client.ts';
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

/** Several files in one form (FormData: the client leaves the content type to the browser). */
function filesForm(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return form;
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
    upload: (files: readonly File[]) => client.data<UploadResult>('POST', '/received-documents', filesForm(files)),
  };
}

export type PurchasesApi = ReturnType<typeof createPurchasesApi>;
