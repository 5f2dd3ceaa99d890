/** The settings profile section: only changed members sent, and the environment switch guarded by the plan. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { liveAllowed } from '../../../renderer/settings/plan.ts';
import { createProfileStore, draftOf, profileChanges } from '../../../renderer/settings/profile-store.ts';
import type { SettingsApi } from '../../../renderer/settings/api.ts';
import type { Account, PriceList } from '../../../renderer/settings/types.ts';
import type { Profile, ProfileUpdate } from '../../../renderer/setup/types.ts';

const PROFILE: Profile = {
  uuid: 'u-1', name: 'TecnoValle', legal_name: 'Soluciones S.A.', identification_type: '02', identification_number: '3101123456', email: 'f@example.cr', phone: '22223333',
  economic_activities: ['721001'], default_environment: 'staging', address: { province: '1', canton: '01', district: '01', details: 'Avenida 7' },
  is_active: true, logo_url: null, logo_width: null, plan: 'sandbox',
};
const PRICES: PriceList = { plans: [{ code: 'sandbox', name: 'Sandbox', live_allowed: false }, { code: 'business', name: 'Business', live_allowed: true }] };
const account = (plan: string, status: string): Account => ({ id: 'a', name: 'Local', plan, status });

function fakeApi(acct: Account) {
  const updates: ProfileUpdate[] = [];
  let profile = PROFILE;
  const api: Pick<SettingsApi, 'profile' | 'updateProfile' | 'account' | 'plans'> = {
    profile: async () => profile,
    updateProfile: async (changes) => {
      updates.push(changes);
      profile = { ...profile, ...changes } as Profile;
      return profile;
    },
    account: async () => acct,
    plans: async () => PRICES,
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

  it('does not offer production to a sandbox account, nor ask the server, which would refuse it', async () => {
    const { api, updates } = fakeApi(account('sandbox', 'sandbox'));
    let reloaded = 0;
    const store = createProfileStore(api, () => reloaded++);
    await store.getState().load();
    expect(store.getState().liveAllowed).toBe(false);
    expect(await store.getState().setEnvironment('production')).toBe(false);
    expect(updates).toEqual([]);
    expect(reloaded).toBe(0);
  });

  it('shows the profile when the plan cannot be read, and lets the server decide: its 402 closes production', async () => {
    const { api, updates } = fakeApi(account('sandbox', 'sandbox'));
    api.account = async () => { throw new ApiRequestError(403, 'forbidden', 'This API key lacks the ability account:manage.'); };
    api.updateProfile = async (changes) => {
      updates.push(changes);
      throw new ApiRequestError(402, 'plan_required', 'Live keys need a paid plan; this account is in sandbox.');
    };
    let reloaded = 0;
    const store = createProfileStore(api, () => reloaded++);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ profile: { name: 'TecnoValle' }, liveAllowed: null, error: null });
    expect(await store.getState().setEnvironment('production')).toBe(false);
    expect(updates).toEqual([{ default_environment: 'production' }]);
    expect(store.getState()).toMatchObject({ liveAllowed: false, busy: false, error: { code: 'plan_required' }, profile: { default_environment: 'staging' } });
    expect(reloaded).toBe(0);
    expect(await store.getState().setEnvironment('production')).toBe(false); // not asked again
    expect(updates).toHaveLength(1);
  });

  it('switches to production on a paid plan, then has the gate and certificate read again', async () => {
    const { api, updates } = fakeApi(account('business', 'active'));
    let reloaded = 0;
    const store = createProfileStore(api, () => reloaded++);
    await store.getState().load();
    expect(await store.getState().setEnvironment('production')).toBe(true);
    expect(updates).toEqual([{ default_environment: 'production' }]);
    expect(store.getState().profile?.default_environment).toBe('production');
    expect(reloaded).toBe(1);
  });
});
