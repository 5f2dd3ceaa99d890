/**
 * The organization profile section (name, contact, economic activities, the issuer's location) and the
 * environment the organization issues in. Only the members changed are sent (PUT /organizations/me).
 * Production is reached by going live (go-live-store.ts), which checks the certificate first; this store
 * switches back to staging.
 */
import { create } from 'zustand';
import type { Environment } from '../shared/environment.ts';
import { addressBody, isCompleteAddress } from '../shared/address.ts';
import type { Address, Profile, ProfileUpdate } from '../shared/organization/profile.ts';
import { settingsApi, type SettingsApi } from './api.ts';
import { idle, sectionRunner, type SectionState } from './section.ts';

export interface ProfileDraft {
  name: string;
  legal_name: string;
  email: string;
  phone: string;
  economic_activities: string[];
  address: Partial<Address>;
  /** The counter's prices are shelf prices, VAT included (docs/document-request.md). */
  prices_include_vat: boolean;
}

export function draftOf(profile: Profile): ProfileDraft {
  return {
    name: profile.name,
    legal_name: profile.legal_name ?? '',
    email: profile.email ?? '',
    phone: profile.phone ?? '',
    economic_activities: [...profile.economic_activities],
    address: { ...(profile.address ?? {}) },
    prices_include_vat: profile.prices_include_vat !== false,
  };
}

const sameAddress = (a: Address | null, b: Address) =>
  a !== null && a.province === b.province && a.canton === b.canton && a.district === b.district && (a.neighborhood ?? '') === (b.neighborhood ?? '') && a.details === b.details;

/** The PUT body: the members that differ from the stored profile (an empty phone clears it). */
export function profileChanges(profile: Profile, draft: ProfileDraft): ProfileUpdate {
  const changes: ProfileUpdate = {};
  const name = draft.name.trim();
  const legalName = draft.legal_name.trim();
  const email = draft.email.trim();
  const phone = draft.phone.trim();
  if (name !== profile.name) changes.name = name;
  if (legalName !== '' && legalName !== (profile.legal_name ?? '')) changes.legal_name = legalName;
  if (email !== (profile.email ?? '')) changes.email = email;
  if (phone !== (profile.phone ?? '')) changes.phone = phone === '' ? null : phone;
  const activities = [...new Set(draft.economic_activities.map((a) => a.trim()).filter(Boolean))];
  if (activities.join() !== profile.economic_activities.join()) changes.economic_activities = activities;
  if (draft.prices_include_vat !== (profile.prices_include_vat !== false)) changes.prices_include_vat = draft.prices_include_vat;
  if (isCompleteAddress(draft.address)) {
    const address = addressBody(draft.address);
    if (!sameAddress(profile.address, address)) changes.address = address;
  }
  return changes;
}

export interface ProfileState extends SectionState {
  profile: Profile | null;
  load(): Promise<void>;
  save(draft: ProfileDraft): Promise<boolean>;
  setEnvironment(environment: Environment): Promise<boolean>;
}

/** `afterEnvironmentChange`: the session now acts in the other mode, so what depends on it is read again. */
export function createProfileStore(api: Pick<SettingsApi, 'profile' | 'updateProfile'> = settingsApi(), afterEnvironmentChange: () => void = () => {}) {
  return create<ProfileState>((set, get) => {
    const run = sectionRunner(get, set);
    return {
      ...idle,
      profile: null,

      load: async () => {
        await run(async () => set({ profile: await api.profile() }), false);
      },

      save: async (draft) => {
        const profile = get().profile;
        if (!profile) return false;
        const changes = profileChanges(profile, draft);
        if (Object.keys(changes).length === 0) {
          set({ saved: true, error: null });
          return true;
        }
        return run(async () => set({ profile: await api.updateProfile(changes) }));
      },

      setEnvironment: async (environment) => {
        const profile = get().profile;
        if (!profile || profile.default_environment === environment) return false;
        const done = await run(async () => set({ profile: await api.updateProfile({ default_environment: environment }) }));
        if (done) afterEnvironmentChange();
        return done;
      },
    };
  });
}
