/** The settings profile section: only changed members sent; the plan rule the keys screen reads; the way back to the sandbox. */
import { describe, expect, it } from 'vitest';
import { liveAllowed } from '../../../renderer/shared/plan.ts';
import { createProfileStore, draftOf, profileChanges } from '../../../renderer/settings/profile-store.ts';
import type { SettingsApi } from '../../../renderer/settings/api.ts';
import type { Account, PriceList } from '../../../renderer/shared/plan.ts';
import type { Profile, ProfileUpdate } from '../../../renderer/shared/organization/profile.ts';

const PROFILE: Profile = {
  uuid: 'u-1', name: 'TecnoValle', legal_name: 'Soluciones S.A.', identification_type: '02', identification_number: '3101123456', email: 'f@example.cr', phone: '22223333',
  economic_activities: ['721001'], default_environment: 'staging', address: { province: '1', canton: '01', district: '01', details: 'Avenida 7' },
  is_active: true, logo_url: null, logo_width: null, plan: 'sandbox',
};
const PRICES: PriceList = { plans: [{ code: 'sandbox', name: 'Sandbox', live_allowed: false }, { code: 'business', name: 'Business', live_allowed: true }] };
const account = (plan: string, status: string): Account => ({ id: 'a', name: 'Local', plan, status });

function fakeApi() {
  const updates: ProfileUpdate[] = [];
  let profile = PROFILE;
  const api: Pick<SettingsApi, 'profile' | 'updateProfile'> = {
    profile: async () => profile,
    updateProfile: async (changes) => {
      updates.push(changes);
      profile = { ...profile, ...changes } as Profile;
      return profile;
    },
  };
  return { api, updates };
}

describe('settings: organization profile', () => {
  it('sends nothing for an untouched draft, and only what changed otherwise', () => {
    expect(profileChanges(PROFILE, draftOf(PROFILE))).toEqual({});
    const draft = { ...draftOf(PROFILE), name: ' TecnoValle Centro ', phone: ' ', economic_activities: ['523601', '721001', '523601'] };
    expect(profileChanges(PROFILE, draft)).toEqual({ name: 'TecnoValle Centro', phone: null, economic_activities: ['523601', '721001'] });
  });

  it('sends the location when it changed and is complete, never a half-typed one', () => {
    const moved = { ...draftOf(PROFILE), address: { province: '2', canton: '01', district: '03', neighborhood: '', details: ' Frente al parque ' } };
    expect(profileChanges(PROFILE, moved)).toEqual({ address: { province: '2', canton: '01', district: '03', details: 'Frente al parque' } });
    const half = { ...draftOf(PROFILE), address: { province: '2', canton: '', district: '', details: 'Frente al parque' } };
    expect(profileChanges(PROFILE, half)).toEqual({});
  });

  it('allows production only on a paid plan that includes it (the server rule of live keys)', () => {
    expect(liveAllowed(account('sandbox', 'sandbox'), PRICES)).toBe(false);
    expect(liveAllowed(account('business', 'sandbox'), PRICES)).toBe(false);
    expect(liveAllowed(account('business', 'canceled'), PRICES)).toBe(false);
    expect(liveAllowed(account('business', 'active'), PRICES)).toBe(true);
    expect(liveAllowed(account('unknown', 'active'), PRICES)).toBe(false);
  });

  it('switches back to the sandbox, then has the gate and certificate read again (production is reached by going live)', async () => {
    const { api, updates } = fakeApi();
    let reloaded = 0;
    const store = createProfileStore(api, () => reloaded++);
    await store.getState().load();
    store.setState({ profile: { ...PROFILE, default_environment: 'production' } });
    expect(await store.getState().setEnvironment('staging')).toBe(true);
    expect(updates).toEqual([{ default_environment: 'staging' }]);
    expect(store.getState().profile?.default_environment).toBe('staging');
    expect(reloaded).toBe(1);
    expect(await store.getState().setEnvironment('staging')).toBe(false); // already there: nothing sent
    expect(updates).toHaveLength(1);
  });
});
