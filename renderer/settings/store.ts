/**
 * The settings screen's stores, one per section (each built by its factory, which tests call with a fake
 * API). Switching the environment changes what the browser session acts as, so the certificate status and
 * the organization (through the setup gate, shared/organization/store.ts) are read again: production without
 * its certificate opens the wizard's certificate step.
 */
import { useCertificate } from '../shared/certificate/store.ts';
import { useOrganization } from '../shared/organization/store.ts';
import { settingsApi } from './api.ts';
import { createBackupsStore } from './backups-store.ts';
import { createBrandingStore } from './branding-store.ts';
import { createCountersStore } from './counters-store.ts';
import { createGoLiveStore } from './go-live-store.ts';
import { createProfileStore } from './profile-store.ts';
import { createSmtpStore } from './smtp-store.ts';

const api = settingsApi();

/** The session now acts in the other environment: what depends on it is read again. */
const afterEnvironmentChange = () => {
  void useCertificate.getState().load();
  void useOrganization.getState().reload();
};

export const useProfileSettings = createProfileStore(api, afterEnvironmentChange);
// The organization's profile (the gate's) is what the counter's first load starts from: one saved here replaces it.
useProfileSettings.subscribe((state, before) => {
  if (state.profile && state.profile !== before.profile) useOrganization.setState({ profile: state.profile });
});
// Going live changes the profile's environment: the profile store's copy (and through it the organization's,
// which the PRUEBAS mark reads) is replaced at once.
export const useGoLive = createGoLiveStore(api, (profile) => {
  useProfileSettings.setState({ profile });
  afterEnvironmentChange();
});
export const useBranding = createBrandingStore(api);
export const useCounters = createCountersStore(api);
export const useSmtp = createSmtpStore(api);
export const useBackups = createBackupsStore(api);
