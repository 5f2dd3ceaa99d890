/**
 * The setup gate and the first-run wizard: from the server's answers, whether the screens can open or which
 * step is missing (gate.ts), and each step's action. Organization → location and activity → certificate →
 * a test ticket in the sandbox, polled until the tax authority's verdict → the counter.
 */
import { create } from 'zustand';
import { useCertificate, type CertificateStore } from '../shared/certificate/store.ts';
import { asError, busyRunner } from '../shared/async-action.ts';
import { setupApi, type SetupApi } from './api.ts';
import { isNoOrganization, missingStep, stepAfterCertificate } from './gate.ts';
import { addressBody } from '../shared/address.ts';
import { useOrganization } from '../shared/organization/store.ts';
import { isFinal } from '../shared/poller.ts';
import { rejectionLines, testTicketRequest, type TestTicket } from './test-ticket.ts';
import type { Address, Profile } from '../shared/organization/profile.ts';
import type { OrganizationInput, SetupStep } from './types.ts';

export type GatePhase = 'loading' | 'wizard' | 'ready' | 'error';

export interface SetupState {
  phase: GatePhase;
  step: SetupStep;
  profile: Profile | null;
  /** Why the gate could not decide (server down, session expired). */
  loadError: Error | null;
  busy: boolean;
  /** The current step's failure, in the server's words. */
  error: Error | null;
  ticket: TestTicket | null;
  /** The verdict did not come while the wizard waited (the ticket stays queued and is sent later). */
  ticketWaitOver: boolean;
  load(): Promise<void>;
  createOrganization(input: OrganizationInput): Promise<boolean>;
  saveLocation(address: Address, activity: string): Promise<boolean>;
  certificateStored(): Promise<void>;
  issueTestTicket(): Promise<void>;
  finish(): void;
}

/** sessionStorage: a reload in the middle of the wizard comes back to it (the ticket step included). */
export const RUNNING_KEY = 'facturador.setup.running';
export const POLL_MS = 2000;
export const POLL_ATTEMPTS = 45;

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SetupDeps {
  api?: SetupApi;
  certificates?: CertificateStore;
  storage?: SessionStore | undefined;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  navigate?: (hash: string) => void;
}

function sessionStore(): SessionStore | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // storage refused: a reload restarts from the server's answers only
  }
}

const trimmed = (text: string | null | undefined) => text?.trim() || undefined;

/** OrganizationInput without blank optional members (the server refuses an empty legal name). */
export function organizationBody(input: OrganizationInput): OrganizationInput {
  const body: OrganizationInput = {
    name: input.name.trim(),
    identification_type: input.identification_type,
    identification_number: input.identification_number.replace(/[-\s]/g, '').toUpperCase(),
    email: input.email.trim(),
  };
  const legalName = trimmed(input.legal_name);
  const phone = trimmed(input.phone);
  return { ...body, ...(legalName ? { legal_name: legalName } : {}), ...(phone ? { phone } : {}) };
}

export function createSetupStore(deps: SetupDeps = {}) {
  const api = deps.api ?? setupApi();
  const certificates = deps.certificates ?? useCertificate;
  const storage = 'storage' in deps ? deps.storage : sessionStore();
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const navigate = deps.navigate ?? ((hash: string) => { globalThis.location.hash = hash; });

  return create<SetupState>((set, get) => {
    const remember = (running: boolean) => {
      try {
        if (running) storage?.setItem(RUNNING_KEY, '1');
        else storage?.removeItem(RUNNING_KEY);
      } catch {
        // not remembered: only a reload mid-wizard is affected
      }
    };

    /** Shows `step`, or opens the screens when nothing is left. */
    const goTo = (step: SetupStep | null) => {
      if (step === null) get().finish();
      else {
        remember(true);
        set({ phase: 'wizard', step, error: null });
      }
    };

    /** Runs a step's action: one at a time, its failure shown on the step. */
    const step = busyRunner(get, set);

    /** The certificate status, or throws what kept it from being read. */
    const certificateStatus = async () => {
      const status = await certificates.getState().load();
      if (!status) throw certificates.getState().loadError ?? new Error('certificate status unavailable');
      return status;
    };

    let ticketRun = 0;

    return {
      phase: 'loading',
      step: 'organization',
      profile: null,
      loadError: null,
      busy: false,
      error: null,
      ticket: null,
      ticketWaitOver: false,

      async load() {
        try {
          // Both at once (this wait is part of the time to an interactive counter); without an
          // organization the certificate's answer is the same refusal and is not needed.
          const [profileAnswer, statusAnswer] = await Promise.allSettled([api.profile(), certificateStatus()]);
          if (profileAnswer.status === 'rejected' && !isNoOrganization(profileAnswer.reason)) throw profileAnswer.reason;
          const profile: Profile | null = profileAnswer.status === 'fulfilled' ? profileAnswer.value : null;
          if (profile && statusAnswer.status === 'rejected') throw statusAnswer.reason;
          const status = profile && statusAnswer.status === 'fulfilled' ? statusAnswer.value : null;
          set({ profile, loadError: null });
          const missing = missingStep(profile, status);
          const resumed = storage?.getItem(RUNNING_KEY) === '1' ? stepAfterCertificate(profile) : null;
          goTo(missing ?? resumed);
        } catch (error) {
          set({ phase: 'error', loadError: asError(error) });
        }
      },

      createOrganization: (input) => step(async () => {
        await api.createOrganization(organizationBody(input));
        // The session now works on the new organization (its first one): read it as the screens will.
        const profile = await api.profile();
        set({ profile });
        goTo(missingStep(profile, null));
      }),

      saveLocation: (address, activity) => step(async () => {
        const current = get().profile;
        const others = (current?.economic_activities ?? []).filter((code) => code !== activity);
        const profile = await api.updateProfile({ address: addressBody(address), economic_activities: [activity, ...others] });
        set({ profile });
        goTo(missingStep(profile, await certificateStatus()) ?? stepAfterCertificate(profile));
      }),

      async certificateStored() {
        await step(async () => {
          const profile = get().profile;
          goTo(missingStep(profile, await certificateStatus()) ?? stepAfterCertificate(profile));
        });
      },

      async issueTestTicket() {
        const profile = get().profile;
        if (!profile) return;
        const run = ++ticketRun;
        await step(async () => {
          set({ ticket: null, ticketWaitOver: false });
          const submitted = await api.issue(testTicketRequest(profile, now()));
          if (run !== ticketRun) return; // skipped while it was sent: it is issued, the wizard is over
          let ticket: TestTicket = { clave: submitted.document_key, consecutive: submitted.consecutive_number, status: submitted.status, message: null, rejections: [] };
          set({ ticket });
          for (let attempt = 0; attempt < POLL_ATTEMPTS && !isFinal(ticket.status); attempt++) {
            await sleep(POLL_MS);
            if (run !== ticketRun) return; // another ticket replaced this one
            try {
              const detail = await api.document(ticket.clave);
              if (run !== ticketRun) return; // skipped or replaced while this answer was on its way
              ticket = { ...ticket, status: detail.status, message: detail.hacienda_message, rejections: rejectionLines(detail) };
              set({ ticket });
            } catch {
              // a missed poll: the next one asks again
            }
          }
          if (!isFinal(ticket.status)) set({ ticketWaitOver: true });
        });
      },

      finish() {
        ticketRun++;
        remember(false);
        const wasWizard = get().phase === 'wizard';
        set({ phase: 'ready', error: null, ticket: null, ticketWaitOver: false });
        if (wasWizard) navigate('#counter');
      },
    };
  });
}

export const useSetup = createSetupStore();

// The gate's profile is what the other screens read as the organization's (shared/organization/store.ts):
// kept the same both ways (Settings replaces it), and read again when they ask.
useOrganization.setState({ profile: useSetup.getState().profile, reload: () => useSetup.getState().load() });
useSetup.subscribe(({ profile }) => {
  if (profile !== useOrganization.getState().profile) useOrganization.setState({ profile });
});
useOrganization.subscribe(({ profile }) => {
  if (profile !== useSetup.getState().profile) useSetup.setState({ profile });
});
