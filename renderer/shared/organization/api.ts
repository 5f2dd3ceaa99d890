/**
 * The organization's calls that several screens make: its profile (the setup gate, Settings, the keys
 * screen) and the official tables its location and activity are picked from (the wizard, Settings,
 * recipients, catalogs).
 */
import { api as defaultApi, query, type ApiClient } from '../../api/client.ts';
import type { Activity, Place, Profile, ProfileUpdate } from './profile.ts';

export function organizationApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    profile: () => client.data<Profile>('GET', '/organizations/me'),
    updateProfile: (changes: ProfileUpdate) => client.data<Profile>('PUT', '/organizations/me', changes),
    provinces: () => client.data<Place[]>('GET', '/reference/provinces'),
    cantons: (province: string) => client.data<Place[]>('GET', `/reference/cantons/${encodeURIComponent(province)}`),
    districts: (province: string, canton: string) => client.data<Place[]>('GET', `/reference/districts/${encodeURIComponent(province)}/${encodeURIComponent(canton)}`),
    activities: (q?: string) => client.data<Activity[]>('GET', `/reference/economic-activities${query({ q })}`),
  };
}

export type OrganizationApi = ReturnType<typeof organizationApi>;
