/**
 * What the setup gate shows, decided from the server's answers alone: which first-run step is still
 * missing, or nothing (the screens). Pure, so each answer's consequence is unit-tested.
 */
import { ApiRequestError } from '../api/client.ts';
import type { CertificateStatus } from '../shared/certificate/types.ts';
import { ACTIVITY_CODE, type Profile } from '../shared/organization/profile.ts';
import type { SetupStep } from './types.ts';

/** The session has no organization yet: organization routes answer 403 organization_key_required. */
export function isNoOrganization(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'organization_key_required';
}

/**
 * `profile` null: no organization. A ticket needs the issuer's location and activity code, then a
 * certificate and ATV credentials for the environment the organization issues in.
 */
export function missingStep(profile: Profile | null, certificate: CertificateStatus | null): SetupStep | null {
  if (!profile) return 'organization';
  if (!profile.address || !profile.economic_activities.some((code) => ACTIVITY_CODE.test(code))) return 'location';
  const env = certificate?.[profile.default_environment];
  if (!env?.has_certificate || !env.has_credentials) return 'certificate';
  return null;
}

/**
 * After the certificate, the wizard ends with a test ticket, but only in the sandbox: a "test" in
 * production would be a real document for the tax authority.
 */
export function stepAfterCertificate(profile: Profile | null): SetupStep | null {
  return profile?.default_environment === 'staging' ? 'ticket' : null;
}
