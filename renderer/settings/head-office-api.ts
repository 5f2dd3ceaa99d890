/** Settings → Casa matriz: a till's calls about the head office it reports to (docs/replication.md, "La caja"). */
import { api as defaultApi, BACKGROUND, type ApiClient } from '../api/client.ts';
import type { HeadOfficeLinkView, HeadOfficePairedView, HeadOfficePairInput } from '../api/schemas.ts';

export type HeadOfficeLink = HeadOfficeLinkView;

export function headOfficeApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    status: (background = false) => client.data<HeadOfficeLink>('GET', '/settings/head-office', undefined, background ? BACKGROUND : undefined),
    pair: (body: HeadOfficePairInput) => client.data<HeadOfficePairedView>('POST', '/settings/head-office', body),
    sync: () => client.data<HeadOfficeLink>('POST', '/settings/head-office/sync'),
    unlink: () => client.data<null>('DELETE', '/settings/head-office'),
  };
}

export type HeadOfficeApi = ReturnType<typeof headOfficeApi>;
