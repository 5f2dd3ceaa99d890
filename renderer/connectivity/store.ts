/**
 * Whether the tax authority answers, and how many documents wait for it. Polled: the server's reachability
 * monitor (GET /hacienda/status) is the one source; the queue count is the documents listed as `queued`.
 * `reachable: null` means "not known yet" and shows no banner, so a fresh start does not alarm anybody.
 */
import { create } from 'zustand';
import { api as defaultApi, type ApiClient } from '../api/client.ts';
import type { EnvironmentReachability, HaciendaStatus } from '../api/types.ts';

export interface ConnectivityState {
  reachable: boolean | null;
  queued: number;
  lastContact: string | null;
  refresh(): Promise<void>;
}

/** The environment this organization issues in (a test key: staging). */
export function environmentOf(status: HaciendaStatus): EnvironmentReachability {
  return status.default_environment === 'production' ? status.production : status.staging;
}

export function createConnectivityStore(api: Pick<ApiClient, 'haciendaStatus' | 'documents'> = defaultApi) {
  return create<ConnectivityState>((set) => ({
    reachable: null,
    queued: 0,
    lastContact: null,
    async refresh() {
      try {
        const [status, queued] = await Promise.all([api.haciendaStatus(), api.documents({ status: 'queued', per_page: 100 })]);
        const env = environmentOf(status);
        // While offline the last successful contact stays what it was.
        set({ reachable: env.available, queued: queued.length, ...(env.available ? { lastContact: env.last_check ?? null } : {}) });
      } catch {
        // The local server itself not answering is another problem (shown by the screens' own errors).
      }
    },
  }));
}

export const useConnectivity = createConnectivityStore();
