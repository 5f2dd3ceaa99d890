/**
 * The organization's profile as the setup gate last read it, for the screens behind the gate: the counter
 * starts from it, the PRUEBAS mark reads its environment, Settings replaces it when it saves one and has it
 * read again after switching environments. The gate (renderer/setup/store.ts) keeps it current and answers
 * `reload`, so no screen imports the gate.
 */
import { create } from 'zustand';
import type { Profile } from './profile.ts';

export interface OrganizationState {
  profile: Profile | null;
  /** Reads the profile (and what the gate decides from it) again. */
  reload(): Promise<void>;
}

export const useOrganization = create<OrganizationState>(() => ({ profile: null, reload: async () => {} }));
