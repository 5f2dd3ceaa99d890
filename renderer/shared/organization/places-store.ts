/**
 * The pickers of the location step (and of Settings): provinces, the cantons of a province, the districts
 * of a canton, and the economic activities. Each list is asked once per page and kept: they are constants
 * of the official tables.
 */
import { create } from 'zustand';
import { asError } from '../async-action.ts';
import { organizationApi, type OrganizationApi } from './api.ts';
import type { Activity, Place } from './profile.ts';

export interface PlacesState {
  provinces: Place[];
  /** By province code. */
  cantons: Record<string, Place[]>;
  /** By `<province>-<canton>`. */
  districts: Record<string, Place[]>;
  activities: Activity[];
  error: Error | null;
  loadProvinces(): Promise<void>;
  loadCantons(province: string): Promise<void>;
  loadDistricts(province: string, canton: string): Promise<void>;
  loadActivities(): Promise<void>;
}

export const districtKey = (province: string, canton: string) => `${province}-${canton}`;

export function createPlacesStore(api: Pick<OrganizationApi, 'provinces' | 'cantons' | 'districts' | 'activities'> = organizationApi()) {
  // The request of each list in flight or done, so that two pickers mounting at once ask once.
  const asked = new Map<string, Promise<void>>();
  return create<PlacesState>((set, get) => {
    const once = (key: string, load: () => Promise<void>) => {
      let promise = asked.get(key);
      if (!promise) {
        promise = load().catch((error: unknown) => {
          asked.delete(key); // a failure may be retried
          set({ error: asError(error) });
        });
        asked.set(key, promise);
      }
      return promise;
    };
    return {
      provinces: [],
      cantons: {},
      districts: {},
      activities: [],
      error: null,

      loadProvinces: () => once('provinces', async () => set({ provinces: await api.provinces(), error: null })),
      loadCantons: (province) => once(`cantons ${province}`, async () => {
        const list = await api.cantons(province);
        set({ cantons: { ...get().cantons, [province]: list }, error: null });
      }),
      loadDistricts: (province, canton) => once(`districts ${districtKey(province, canton)}`, async () => {
        const list = await api.districts(province, canton);
        set({ districts: { ...get().districts, [districtKey(province, canton)]: list }, error: null });
      }),
      loadActivities: () => once('activities', async () => set({ activities: await api.activities(), error: null })),
    };
  });
}

export const usePlaces = createPlacesStore();
