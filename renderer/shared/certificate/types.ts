/** The certificate routes' shapes (src/api/sections/organizations/certificate-routes.ts), as the server writes them. */
import type { Environment } from '../environment.ts';

/** CertificateInfo: `expiry_date` is a Costa Rica calendar date (YYYY-MM-DD). */
export interface CertificateInfo {
  subject: string | null;
  serial_number: string | null;
  expiry_date: string;
  is_expired: boolean;
}

/**
 * The upload's answer: CertificateInfo plus, beyond the spec, whether the tax authority's IdP accepted the
 * ATV user and password (false: it did not answer; they were stored unchecked, and `warning` says so).
 */
export interface UploadedCertificate extends CertificateInfo {
  credentials_verified?: boolean;
  warning?: string;
}

export interface EnvironmentCertificate {
  has_certificate: boolean;
  has_credentials: boolean;
  certificate: CertificateInfo | null;
}

export interface CertificateStatus {
  default_environment: Environment;
  staging: EnvironmentCertificate;
  production: EnvironmentCertificate;
}

/** CertificateUpload: the .p12 file in base64 and the tax-authority (ATV) credentials. */
export interface CertificateUpload {
  certificate: string;
  pin: string;
  atv_user: string;
  atv_password: string;
  environment?: Environment;
}

/** What the shopkeeper fills in; the file is read only when sent. */
export interface CertificateDraft {
  file: Blob | null;
  pin: string;
  atvUser: string;
  atvPassword: string;
  environment: Environment;
}
