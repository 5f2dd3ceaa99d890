/** The /reports/vat calls of "Declaración IVA", and the addresses of its CSV and PDF. */
import { api as defaultClient, fileUrl, query, type ApiClient } from '../api/client.ts';
import type { VatLineDocument, VatWorksheet } from './types.ts';

/** The worksheet's query: the month and, when given, the percentage and the figures typed by hand. */
export interface VatParams {
  month: string;
  proportionality?: string;
  imports_tax?: string;
  withholdings?: string;
  previous_balance?: string;
}

export const exportUrl = (params: VatParams, format: 'csv' | 'pdf') => fileUrl(`/reports/vat${query({ ...params, format })}`);

export function createVatApi(client: Pick<ApiClient, 'data'> = defaultClient) {
  return {
    worksheet: (params: VatParams) => client.data<VatWorksheet>('GET', `/reports/vat${query({ ...params })}`),
    lineDocuments: (line: string, month: string) => client.data<VatLineDocument[]>('GET', `/reports/vat/lines/${encodeURIComponent(line)}${query({ month })}`),
  };
}

export type VatApi = ReturnType<typeof createVatApi>;
