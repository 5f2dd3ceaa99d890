/**
 * API keys for the local POS software: the account's keys (the browser's own internal keys marked and
 * never revocable here: revoking them would end this very session), a new organization key whose secret
 * shows once, and revocation.
 */
import { create } from 'zustand';
import { liveAllowed } from '../shared/plan.ts';
import type { Profile } from '../shared/organization/profile.ts';
import { busyRunner } from '../shared/async-action.ts';
import { keysApi, type KeysApi } from './api.ts';
import type { ApiKey, ApiKeyInput, CreatedKey, KeyDraft } from './types.ts';

/** The name src/store/browser-key.ts gives the keys a signed-in browser acts as. */
export const INTERNAL_KEY_NAME = 'Browser session (internal)';

export const isInternal = (key: ApiKey) => key.name === INTERNAL_KEY_NAME;

export type KeyState = 'active' | 'revoked' | 'expired';

export function keyState(key: ApiKey, now: Date): KeyState {
  if (key.revoked_at) return 'revoked';
  return key.expires_at && Date.parse(key.expires_at) <= now.getTime() ? 'expired' : 'active';
}

/** The keys to show: the shopkeeper's own first (newest first, as the server lists), internal ones last. */
export function visibleKeys(keys: readonly ApiKey[], showInactive: boolean, now: Date): ApiKey[] {
  const shown = keys.filter((k) => showInactive || keyState(k, now) === 'active');
  return [...shown.filter((k) => !isInternal(k)), ...shown.filter(isInternal)];
}

/** The POST body: an organization key of this organization; an expiry date ends at the end of that day in Costa Rica. */
export function keyBody(draft: KeyDraft, organizationId: string): ApiKeyInput {
  return {
    name: draft.name.trim(),
    mode: draft.mode,
    organization_id: organizationId,
    ...(draft.expires_on ? { expires_at: `${draft.expires_on}T23:59:59-06:00` } : {}),
  };
}

export interface KeysStoreState {
  keys: ApiKey[];
  profile: Profile | null;
  liveAllowed: boolean;
  busy: boolean;
  error: Error | null;
  /** The key just created, with its secret: shown until dismissed, never again. */
  created: CreatedKey | null;
  load(): Promise<void>;
  create(draft: KeyDraft): Promise<boolean>;
  revoke(id: string): Promise<boolean>;
  dismissSecret(): void;
}

export function createKeysStore(api: KeysApi = keysApi()) {
  return create<KeysStoreState>((set, get) => {
    const run = busyRunner(get, set);
    return {
      keys: [],
      profile: null,
      liveAllowed: false,
      busy: false,
      error: null,
      created: null,

      load: async () => {
        await run(async () => {
          const [keys, profile, account, prices] = await Promise.all([api.list(), api.profile(), api.account(), api.plans()]);
          set({ keys, profile, liveAllowed: liveAllowed(account, prices) });
        });
      },

      create: (draft) => run(async () => {
        const profile = get().profile;
        if (!profile || draft.name.trim() === '') throw new Error('keys_name');
        if (draft.mode === 'live' && !get().liveAllowed) throw new Error('keys_live');
        const created = await api.create(keyBody(draft, profile.uuid));
        const { secret: _secret, ...key } = created; // the list never holds a secret
        set({ created, keys: [key, ...get().keys] });
      }),

      revoke: (id) => run(async () => {
        const key = get().keys.find((k) => k.id === id);
        if (!key || isInternal(key)) return;
        const revoked = await api.revoke(id);
        set({ keys: get().keys.map((k) => (k.id === id ? revoked : k)) });
      }),

      dismissSecret: () => set({ created: null }),
    };
  });
}

export const useKeys = createKeysStore();
