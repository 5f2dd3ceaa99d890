/**
 * Going live from Settings → Ambiente (docs/account.md, "Going live"). The server checks first (a dry run)
 * and either names what is missing — the production certificate, the ATV credentials — or the
 * confirmation opens; only the confirmed request changes the licence and the environment. Its own store,
 * apart from the profile's: a refusal here is a list of things to do, not a failed save.
 */
import { create } from 'zustand';
import { ApiRequestError } from '../api/client.ts';
import { busyRunner, type BusyState } from '../shared/async-action.ts';
import type { Profile } from '../shared/organization/profile.ts';
import type { SettingsApi } from './api.ts';

/** idle: nothing asked yet; missing: the server's list of what to do; confirming: the dialog is open. */
export type GoLivePhase = 'idle' | 'missing' | 'confirming';

export interface GoLiveState extends BusyState {
  phase: GoLivePhase;
  /** What is missing, as the server names it: field path → messages (phase `missing`). */
  missing: Record<string, string[]>;
  /** The plan the licence gets, as the dry run said (phase `confirming`). */
  plan: string | null;
  /** Production was activated here (the section says so once). */
  activated: boolean;
  check(): Promise<boolean>;
  cancel(): void;
  confirm(): Promise<boolean>;
}

/** A refusal that lists what is missing (422 with field errors), as opposed to a failure. */
const missingOf = (error: unknown): Record<string, string[]> | null =>
  error instanceof ApiRequestError && error.status === 422 && Object.keys(error.fieldErrors).length > 0 ? error.fieldErrors : null;

/** `onLive`: the organization's profile once live (the environment changed: the screens read again). */
export function createGoLiveStore(api: Pick<SettingsApi, 'activateProduction'>, onLive: (profile: Profile) => void) {
  return create<GoLiveState>((set, get) => {
    const run = busyRunner(get, set);

    /** The request; a 422 with field errors becomes the list of what is missing instead of a failure. */
    const ask = (dryRun: boolean) => run(async () => {
      try {
        const result = await api.activateProduction(dryRun);
        if (dryRun) set({ phase: 'confirming', plan: result.plan, missing: {} });
        else {
          set({ phase: 'idle', plan: null, activated: true });
          onLive(result.organization);
        }
      } catch (error) {
        const missing = missingOf(error);
        if (!missing) throw error;
        set({ phase: 'missing', missing, plan: null });
      }
    });

    return {
      busy: false,
      error: null,
      phase: 'idle',
      missing: {},
      plan: null,
      activated: false,

      /** True when ready: the confirmation is open. */
      check: async () => (await ask(true)) && get().phase === 'confirming',
      cancel: () => set({ phase: 'idle', plan: null }),
      /** True when production is now active. */
      confirm: async () => get().phase === 'confirming' && (await ask(false)) && get().activated,
    };
  });
}
