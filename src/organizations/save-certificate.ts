/**
 * Stores an organization's checked certificate and ATV credentials for one environment: the .p12, its PIN
 * and the ATV password sealed by the vault, the certificate's subject, serial and expiry in clear (for
 * status screens without decrypting anything).
 */
import type { VaultDeps, StoreOnly } from './dependencies.ts';
import { describeCertificate } from '../signing/p12.ts';
import { deleteCredentials, saveCredentials } from '../store/credentials.ts';
import type { CheckedCertificate } from './certificate-check.ts';
import { forgetSigningIdentity } from './signing-identity.ts';
import { vaultContext } from './vault-context.ts';

export interface CertificateUpload {
  certificate: CheckedCertificate;
  pin: string;
  atvUser: string;
  atvPassword: string;
}

export function saveCertificate(deps: VaultDeps, organizationId: number, environment: string, upload: CertificateUpload): void {
  const now = deps.clock.now();
  const info = describeCertificate(upload.certificate.identity, now);
  const seal = (value: Buffer | string, field: 'p12' | 'pin' | 'atv_password') =>
    deps.vault.encrypt(value, vaultContext(organizationId, environment, field));
  saveCredentials(deps.store.db, {
    organizationId,
    environment,
    p12: seal(upload.certificate.p12, 'p12'),
    pin: seal(upload.pin, 'pin'),
    atvUser: upload.atvUser,
    atvPassword: seal(upload.atvPassword, 'atv_password'),
    certificateSubject: info.subject,
    certificateSerial: info.serial_number,
    certificateExpiry: info.expiry_date,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  forgetSigningIdentity(deps, organizationId, environment);
}

/** Removes certificate and credentials of one environment; false when none were stored. */
export function removeCertificate(deps: StoreOnly, organizationId: number, environment: string): boolean {
  const removed = deleteCredentials(deps.store.db, organizationId, environment);
  forgetSigningIdentity(deps, organizationId, environment);
  return removed;
}
