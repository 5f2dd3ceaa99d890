/**
 * The certificate routes' shapes (src/api/sections/organizations/certificate-schemas.ts), derived from the
 * server's schemas (renderer/api/schemas.ts); what the shopkeeper fills in is the screens' own.
 */
import type { CertificateStatusView, CertificateUploadView, UploadedCertificateView } from '../../api/schemas.ts';
import type { Environment } from '../environment.ts';

/** CertificateInfo: `expiry_date` is a Costa Rica calendar date (YYYY-MM-DD). */
export type CertificateInfo = Pick<UploadedCertificateView, 'subject' | 'serial_number' | 'expiry_date' | 'is_expired'>;

/**
 * The upload's answer: CertificateInfo plus, beyond the spec, whether the tax authority's IdP accepted the
 * ATV user and password (false: it did not answer; they were stored unchecked, and `warning` says so).
 */
export type UploadedCertificate = CertificateInfo & Partial<Pick<UploadedCertificateView, 'credentials_verified' | 'warning'>>;

/** One environment of GET's answer; the schema types `certificate` as an open object: it is a CertificateInfo. */
export type EnvironmentCertificate = Pick<CertificateStatusView['staging'], 'has_certificate' | 'has_credentials'> & {
  certificate: CertificateInfo | null;
};

export interface CertificateStatus {
  default_environment: Environment;
  staging: EnvironmentCertificate;
  production: EnvironmentCertificate;
}

/** CertificateUpload: the .p12 file in base64 and the tax-authority (ATV) credentials. */
export type CertificateUpload = CertificateUploadView;

/** What the shopkeeper fills in; the file is read only when sent. */
export interface CertificateDraft {
  file: Blob | null;
  pin: string;
  atvUser: string;
  atvPassword: string;
  environment: Environment;
}
