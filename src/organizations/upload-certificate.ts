/**
 * Uploading an environment's signing certificate and ATV credentials (POST /organizations/me/certificate):
 * the .p12 and PIN are checked first (certificate-check.ts: 422 on a wrong PIN, an expired or unusable
 * certificate), then the ATV user and password are tried against the IdP (atv-check.ts: 422 when refused,
 * stored unverified when it cannot be reached), and only then stored, sealed; documents waiting for the
 * tax authority are sent again at once. docs/signature.md
 */
import type { HaciendaEnvironment } from '../hacienda/types.ts';
import { atvCredentialsStored, verifyAtvCredentials } from './atv-check.ts';
import { checkCertificate, type CheckedCertificate } from './certificate-check.ts';
import type { AtvStoredDeps, TokenDeps, VaultDeps } from './dependencies.ts';
import { saveCertificate } from './save-certificate.ts';

export interface CertificateUploadRequest {
  organizationId: number;
  environment: HaciendaEnvironment;
  /** The .p12 file, base64. */
  certificate: string;
  pin: string;
  atvUser: string;
  atvPassword: string;
}

export interface UploadedCertificate {
  certificate: CheckedCertificate;
  /** True when the IdP accepted the ATV credentials; false when it could not be reached (stored unchecked). */
  verified: boolean;
}

export async function uploadCertificate(deps: VaultDeps & TokenDeps & AtvStoredDeps, request: CertificateUploadRequest): Promise<UploadedCertificate> {
  const { organizationId, environment } = request;
  const certificate = checkCertificate(request.certificate, request.pin, deps.clock.now());
  const verified = await verifyAtvCredentials(deps, { organizationId, environment, user: request.atvUser, password: request.atvPassword });
  saveCertificate(deps, organizationId, environment, { certificate, pin: request.pin, atvUser: request.atvUser, atvPassword: request.atvPassword });
  atvCredentialsStored(deps, { organizationId, environment }, verified);
  return { certificate, verified };
}
