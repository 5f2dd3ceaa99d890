/** The setup gate's decision from the server's answers: which first-run step is missing, or none. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { isNoOrganization, missingStep, stepAfterCertificate } from '../../../renderer/setup/gate.ts';
import type { CertificateStatus, EnvironmentCertificate } from '../../../renderer/shared/certificate/types.ts';
import type { Profile } from '../../../renderer/shared/organization/profile.ts';

const ADDRESS = { province: '1', canton: '01', district: '01', details: 'Avenida 7, calles 3 y 5' };
const PROFILE: Profile = {
  uuid: 'u-1', name: 'TecnoValle', legal_name: null, identification_type: '02', identification_number: '3101123456', email: 'f@example.cr', phone: null,
  economic_activities: ['721001'], default_environment: 'staging', address: ADDRESS, is_active: true, logo_url: null, logo_width: null, plan: 'sandbox',
};
const NONE: EnvironmentCertificate = { has_certificate: false, has_credentials: false, certificate: null };
const FULL: EnvironmentCertificate = { has_certificate: true, has_credentials: true, certificate: { subject: 'CN=X', serial_number: '1', expiry_date: '2030-01-01', is_expired: false } };
const status = (staging: EnvironmentCertificate, production: EnvironmentCertificate = NONE): CertificateStatus => ({ default_environment: 'staging', staging, production });

describe('setup gate decision', () => {
  it('asks for the organization when the server says there is none (403 organization_key_required), and only then', () => {
    expect(isNoOrganization(new ApiRequestError(403, 'organization_key_required', 'no org'))).toBe(true);
    expect(isNoOrganization(new ApiRequestError(403, 'insufficient_abilities', 'no'))).toBe(false);
    expect(isNoOrganization(new ApiRequestError(0, 'network_error', 'server_unreachable'))).toBe(false);
    expect(missingStep(null, null)).toBe('organization');
  });

  it('asks for the location while the profile has no address or no valid activity code', () => {
    expect(missingStep({ ...PROFILE, address: null }, status(FULL))).toBe('location');
    expect(missingStep({ ...PROFILE, economic_activities: [] }, status(FULL))).toBe('location');
    expect(missingStep({ ...PROFILE, economic_activities: ['abc'] }, status(FULL))).toBe('location');
    expect(missingStep({ ...PROFILE, economic_activities: ['6201.0'] }, status(FULL))).toBeNull();
  });

  it('asks for the certificate until both the .p12 and the ATV credentials of the default environment are stored', () => {
    expect(missingStep(PROFILE, status(NONE))).toBe('certificate');
    expect(missingStep(PROFILE, status({ ...FULL, has_credentials: false }))).toBe('certificate');
    expect(missingStep(PROFILE, status({ ...FULL, has_certificate: false }))).toBe('certificate');
    expect(missingStep(PROFILE, status(FULL))).toBeNull();
    // Production's own certificate is what counts once production is the default, not staging's.
    expect(missingStep({ ...PROFILE, default_environment: 'production' }, status(FULL, NONE))).toBe('certificate');
    expect(missingStep({ ...PROFILE, default_environment: 'production' }, status(NONE, FULL))).toBeNull();
  });

  it('ends with a test ticket only in the sandbox', () => {
    expect(stepAfterCertificate(PROFILE)).toBe('ticket');
    expect(stepAfterCertificate({ ...PROFILE, default_environment: 'production' })).toBeNull();
    expect(stepAfterCertificate(null)).toBeNull();
  });
});
