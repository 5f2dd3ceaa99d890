/** The first run's calls: the profile, creating the organization, the location pickers, the test ticket. */
import { api as defaultApi, query, type ApiClient } from '../api/client.ts';
import type { DocumentDetail, DocumentSubmitted } from '../api/types.ts';
import type { Activity, OrganizationInput, Place, Profile, ProfileUpdate } from './types.ts';

export function setupApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    profile: () => client.data<Profile>('GET', '/organizations/me'),
    createOrganization: (input: OrganizationInput) => client.data<{ id: string }>('POST', '/organizations', input),
    updateProfile: (changes: ProfileUpdate) => client.data<Profile>('PUT', '/organizations/me', changes),
    provinces: () => client.data<Place[]>('GET', '/reference/provinces'),
    cantons: (province: string) => client.data<Place[]>('GET', `/reference/cantons/${encodeURIComponent(province)}`),
    districts: (province: string, canton: string) => client.data<Place[]>('GET', `/reference/districts/${encodeURIComponent(province)}/${encodeURIComponent(canton)}`),
    activities: (q?: string) => client.data<Activity[]>('GET', `/reference/economic-activities${query({ q })}`),
    issue: (request: unknown) => client.data<DocumentSubmitted>('POST', '/electronic-documents', request),
    document: (key: string) => client.data<DocumentDetail>('GET', `/electronic-documents/${encodeURIComponent(key)}`),
  };
}

export type SetupApi = ReturnType<typeof setupApi>;
