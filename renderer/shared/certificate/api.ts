/** The certificate screen's calls: status per environment, upload, removal. */
import { api as defaultApi, query, type ApiClient } from '../../api/client.ts';
import type { Environment } from '../environment.ts';
import type { CertificateStatus, CertificateUpload, UploadedCertificate } from './types.ts';

const PATH = '/organizations/me/certificate';

export function certificateApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  return {
    status: () => client.data<CertificateStatus>('GET', PATH),
    upload: (body: CertificateUpload) => client.data<UploadedCertificate>('POST', PATH, body),
    remove: (environment: Environment) => client.data<null>('DELETE', `${PATH}${query({ environment })}`),
  };
}

export type CertificateApi = ReturnType<typeof certificateApi>;
