/** The first run's calls: the organization's (profile, location pickers), creating it, the test ticket. */
import { api as defaultApi, type ApiClient } from '../api/client.ts';
import type { DocumentDetail, DocumentSubmitted } from '../api/types.ts';
import { organizationApi } from '../shared/organization/api.ts';
import type { OrganizationInput } from './types.ts';

export function setupApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    ...organizationApi(client),
    createOrganization: (input: OrganizationInput) => client.data<{ id: string }>('POST', '/organizations', input),
    issue: (request: unknown) => client.data<DocumentSubmitted>('POST', '/electronic-documents', request),
    document: (key: string) => client.data<DocumentDetail>('GET', `/electronic-documents/${encodeURIComponent(key)}`),
  };
}

export type SetupApi = ReturnType<typeof setupApi>;
