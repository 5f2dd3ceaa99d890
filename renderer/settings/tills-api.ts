/** Settings → Cajas: the head office's calls about its tills (docs/replication.md, "Pairing"). */
import { api as defaultApi, type ApiClient } from '../api/client.ts';
import type { PairedTillView, PairingCodeView } from '../api/schemas.ts';

export type PairedTill = PairedTillView;
export type PairingCode = PairingCodeView;

export function tillsApi(client: Pick<ApiClient, 'data' | 'request'> = defaultApi) {
  return {
    tills: () => client.data<PairedTill[]>('GET', '/tills'),
    pairingCode: (label: string) => client.data<PairingCode>('POST', '/tills/pairing-codes', { label }),
    /** 204, no envelope. */
    unpair: (id: number) => client.request<void>('DELETE', `/tills/${id}`),
  };
}

export type TillsApi = ReturnType<typeof tillsApi>;
