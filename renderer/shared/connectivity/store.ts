/**
 * Whether the tax authority answers, whether it accepts the stored ATV credentials, and how many documents
 * wait for it. Polled: GET /hacienda/status is the one source (the reachability monitor, and beyond the
 * spec `credentials_rejected`); the queue count is the documents listed as `queued`. `reachable: null`
 * means "not known yet" and shows no banner, so a fresh start does not alarm anybody.
 */
import { create } from 'zustand';
import { api as defaultApi, BACKGROUND, type ApiClient } from '../../api/client.ts';
import type { EnvironmentReachability, HaciendaStatus } from '../../api/types.ts';

/** One page of the document list, the largest the API gives: a full page means "at least this many". */
export const QUEUE_PAGE = 100;

export interface ConnectivityState {
  reachable: boolean | null;
  queued: number;
  /** More documents wait than one page counts. */
  queuedMore: boolean;
  lastContact: string | null;
  /** The tax authority refuses the ATV user or password: documents wait until they are corrected. */
  credentialsRejected: boolean;
  refresh(): Promise<void>;
}

/** The environment this organization issues in (a test key: staging). */
export function environmentOf(status: HaciendaStatus): EnvironmentReachability {
  return status.default_environment === 'production' ? status.production : status.staging;
}

/**
 * The last contact the banner shows: `last_success` of GET /hacienda/status, when the tax authority last
 * answered (`last_check` is the last attempt, successful or not). A server that has not reached it since
 * it started says null: then the last contact this page saw while the tax authority was up stays.
 */
function lastContactOf(env: EnvironmentReachability, seen: string | null): string | null {
  if (env.last_success) return env.last_success;
  return env.available ? (env.last_check ?? seen) : seen;
}

export function createConnectivityStore(api: Pick<ApiClient, 'haciendaStatus' | 'documents'> = defaultApi) {
  let latest = 0;
  return create<ConnectivityState>((set, get) => ({
    reachable: null,
    queued: 0,
    queuedMore: false,
    lastContact: null,
    credentialsRejected: false,
    async refresh() {
      // The counter refreshes after each ticket besides the poll: an older answer must not win.
      const call = ++latest;
      try {
        // A poll, not the cashier's doing: it must not keep the cashier signed in (docs/tills.md, "Inactivity").
        const [status, queued] = await Promise.all([api.haciendaStatus(BACKGROUND), api.documents({ status: 'queued', per_page: QUEUE_PAGE }, BACKGROUND)]);
        if (call !== latest) return;
        const env = environmentOf(status);
        set({
          reachable: env.available,
          queued: queued.length,
          queuedMore: queued.length >= QUEUE_PAGE,
          lastContact: lastContactOf(env, get().lastContact),
          credentialsRejected: env.credentials_rejected === true,
        });
      } catch {
        // The local server itself not answering is another problem (shown by the screens' own errors).
      }
    },
  }));
}

export const useConnectivity = createConnectivityStore();
