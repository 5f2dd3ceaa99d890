/** The certificate screen's calls: status per environment, upload, removal. */
import { api as defaultApi, query, type ApiClient } from '../api/client.ts';
import type { CertificateInfo, CertificateStatus, CertificateUpload, Environment } from './types.ts';

const PATH = '/organizations/me/certificate';

export function certificateApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    status: () => client.data<CertificateStatus>('GET', PATH),
    upload: (body: CertificateUpload) => client.data<CertificateInfo>('POST', PATH, body),
    remove: (environment: Environment) => client.data<null>('DELETE', `${PATH}${query({ environment })}`),
  };
}

export type CertificateApi = ReturnType<typeof certificateApi>;
