/** The certificate store: the 30-day expiry warning, the file as base64, the upload's body and what follows it. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { certificateApi, type CertificateApi } from '../../../renderer/shared/certificate/api.ts';
import { bytesToBase64, fileToBase64 } from '../../../renderer/shared/base64.ts';
import { costaRicaToday, daysUntil, expiryWarning, statusWarning } from '../../../renderer/shared/certificate/expiry.ts';
import { createCertificateStore, draftProblem, manageableEnvironments, uploadBody } from '../../../renderer/shared/certificate/store.ts';
import type { CertificateDraft, CertificateInfo, CertificateStatus, CertificateUpload } from '../../../renderer/shared/certificate/types.ts';

const info = (expiry_date: string, is_expired = false): CertificateInfo => ({ subject: 'CN=EMPRESA', serial_number: '1', expiry_date, is_expired });
const NOW = new Date('2026-11-20T16:30:00Z'); // 10:30 in Costa Rica
const P12 = new Uint8Array([0x30, 0x82, 0x0a, 0xff, 0x00, 0x7f]);
const draft = (patch: Partial<CertificateDraft> = {}): CertificateDraft => ({
  file: new Blob([P12]), pin: ' 1234', atvUser: ' cpj-3-101-123456@stag.comprobanteselectronicos.go.cr ', atvPassword: 'contraseña ', environment: 'staging', ...patch,
});

describe('certificate expiry warning', () => {
  it('counts Costa Rica calendar days (UTC-6): 02:00 UTC is still the evening before', () => {
    expect(costaRicaToday(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11-30');
    expect(daysUntil('2026-12-01', new Date('2026-12-01T02:00:00Z'))).toBe(1);
    expect(daysUntil('2026-12-01', new Date('2026-12-01T06:00:00Z'))).toBe(0);
  });

  it('warns from 30 days before the expiry date, not 31', () => {
    expect(expiryWarning(info('2026-12-21'), NOW)).toBeNull(); // 31 days
    expect(expiryWarning(info('2026-12-20'), NOW)).toEqual({ kind: 'soon', date: '2026-12-20', days: 30 });
    expect(expiryWarning(info('2026-11-20'), NOW)).toEqual({ kind: 'soon', date: '2026-11-20', days: 0 });
  });

  it('says expired after the expiry date or when the server says so', () => {
    expect(expiryWarning(info('2026-11-19'), NOW)).toEqual({ kind: 'expired', date: '2026-11-19' });
    expect(expiryWarning(info('2027-01-01', true), NOW)).toEqual({ kind: 'expired', date: '2027-01-01' });
    expect(expiryWarning(null, NOW)).toBeNull();
  });

  it('warns about the environment the organization issues in', () => {
    const status: CertificateStatus = {
      default_environment: 'production',
      staging: { has_certificate: true, has_credentials: true, certificate: info('2026-11-25') },
      production: { has_certificate: true, has_credentials: true, certificate: info('2028-01-01') },
    };
    expect(statusWarning(status, NOW)).toBeNull();
    expect(statusWarning({ ...status, default_environment: 'staging' }, NOW)).toMatchObject({ kind: 'soon', days: 5 });
  });
});

describe('certificate upload', () => {
  it('encodes the chosen file in base64, also past the chunk size', async () => {
    const big = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(await fileToBase64(new Blob([big]))).toBe(Buffer.from(big).toString('base64'));
    expect(bytesToBase64(P12)).toBe(Buffer.from(P12).toString('base64'));
  });

  it('names the first missing field', () => {
    expect(draftProblem(draft({ file: null }))).toBe('file');
    expect(draftProblem(draft({ file: new Blob([]) }))).toBe('file');
    expect(draftProblem(draft({ pin: '' }))).toBe('pin');
    expect(draftProblem(draft({ atvUser: 'cpj-3-101' }))).toBe('atvUser');
    expect(draftProblem(draft({ atvPassword: '' }))).toBe('atvPassword');
    expect(draftProblem(draft())).toBeNull();
  });

  it('sends the file as base64, the PIN and password as typed, the user trimmed, and the environment', async () => {
    expect(await uploadBody(draft())).toEqual({
      certificate: Buffer.from(P12).toString('base64'), pin: ' 1234', atv_user: 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr', atv_password: 'contraseña ', environment: 'staging',
    });
  });

  it('posts once, then reads the status again; a refusal stays shown and nothing is marked uploaded', async () => {
    const sent: CertificateUpload[] = [];
    let statusReads = 0;
    let refuse = true;
    const api: CertificateApi = {
      status: async () => {
        statusReads++;
        return { default_environment: 'staging', staging: { has_certificate: !refuse, has_credentials: !refuse, certificate: refuse ? null : info('2028-01-01') }, production: { has_certificate: false, has_credentials: false, certificate: null } };
      },
      upload: async (body) => {
        sent.push(body);
        if (refuse) throw new ApiRequestError(422, 'certificate_wrong_pin', 'The PIN does not open the .p12 file.');
        return info('2028-01-01');
      },
      remove: async () => null,
    };
    const store = createCertificateStore(api);
    expect(await store.getState().upload(draft({ pin: '' }))).toBe(false);
    expect(sent).toHaveLength(0);

    expect(await store.getState().upload(draft())).toBe(false);
    expect(store.getState()).toMatchObject({ uploading: false, uploaded: null, uploadError: { code: 'certificate_wrong_pin' } });
    expect(statusReads).toBe(0);

    refuse = false;
    expect(await store.getState().upload(draft())).toBe(true);
    expect(sent).toHaveLength(2);
    expect(statusReads).toBe(1);
    expect(store.getState()).toMatchObject({ uploadError: null, uploaded: { environment: 'staging', expiry_date: '2028-01-01' }, status: { staging: { has_certificate: true } } });
  });

  it('keeps the newest status when an older read answers last', async () => {
    const stored = { has_certificate: true, has_credentials: true, certificate: info('2028-01-01') };
    const none = { has_certificate: false, has_credentials: false, certificate: null };
    const answers: ((s: CertificateStatus) => void)[] = [];
    const store = createCertificateStore({ status: () => new Promise((resolve) => answers.push(resolve)), upload: async () => info('2028-01-01'), remove: async () => null });
    const older = store.getState().load();
    const newer = store.getState().load();
    answers[1]!({ default_environment: 'staging', staging: stored, production: none });
    answers[0]!({ default_environment: 'staging', staging: none, production: none });
    await Promise.all([older, newer]);
    expect(store.getState().status?.staging.has_certificate).toBe(true);
  });

  it('calls the routes of the spec, with the environment of a removal in the query', async () => {
    const seen: [string, string, unknown][] = [];
    const api = certificateApi({ data: async <T>(method: string, path: string, body?: unknown) => { seen.push([method, path, body]); return null as T; } });
    await api.status();
    await api.remove('production');
    expect(seen).toEqual([['GET', '/organizations/me/certificate', undefined], ['DELETE', '/organizations/me/certificate?environment=production', undefined]]);
  });

  it('offers production only to a session working in production (a test key manages staging alone)', () => {
    const base = { staging: { has_certificate: false, has_credentials: false, certificate: null }, production: { has_certificate: false, has_credentials: false, certificate: null } };
    expect(manageableEnvironments({ default_environment: 'staging', ...base })).toEqual(['staging']);
    expect(manageableEnvironments({ default_environment: 'production', ...base })).toEqual(['production', 'staging']);
  });
});
