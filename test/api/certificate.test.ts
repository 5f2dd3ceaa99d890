/** The organization's certificate and ATV credentials: checks at upload, vault storage, per-environment status, removal. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import forge from 'node-forge';
import { activatePlan, startTestServer, seedOrganization, type TestServer } from './harness.ts';
import { LEAF_SERIAL_DECIMAL, TEST_PIN, makeTestP12, testCaCertificatePem, testPrivateKeyPem } from '../fixtures/certificates.ts';
import { getCredentials } from '../../src/store/credentials.ts';
import { loadSigningIdentity } from '../../src/organizations/signing-identity.ts';
import { loadAtvCredentials } from '../../src/organizations/atv-credentials.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  activatePlan(t, 'unlimited'); // live keys need a paid plan
});
afterAll(async () => t.close());

let serial = 0;
const seed = (keyOptions: Parameters<typeof seedOrganization>[2] = {}) =>
  seedOrganization(t, { identificationNumber: String(3101600000 + ++serial) }, keyOptions);

const upload = (p12: Buffer, overrides: Record<string, unknown> = {}) => ({
  certificate: p12.toString('base64'),
  pin: TEST_PIN,
  atv_user: 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr',
  atv_password: 'atv-secret-password',
  ...overrides,
});

/** A .p12 whose private key does not belong to its certificate (the CA's certificate with the leaf key). */
function mismatchedP12(): Buffer {
  const key = forge.pki.privateKeyFromPem(testPrivateKeyPem());
  const cert = forge.pki.certificateFromPem(testCaCertificatePem());
  const asn = forge.pkcs12.toPkcs12Asn1(key, [cert], TEST_PIN, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn).getBytes(), 'binary');
}

const EMPTY = { has_certificate: false, has_credentials: false, certificate: null };

describe('certificate upload', () => {
  it('shows an empty status before any upload', async () => {
    const org = seed();
    const res = await t.call('GET', '/organizations/me/certificate', { key: org.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ default_environment: 'staging', staging: EMPTY, production: EMPTY });
  });

  it.each(['3des', 'rc2'] as const)('stores a %s .p12 sealed by the vault and answers CertificateInfo', async (algorithm) => {
    const org = seed();
    const p12 = makeTestP12({ pin: TEST_PIN, algorithm, includeChain: true });
    const res = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: upload(p12) });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      subject: expect.stringContaining('CN=EMPRESA DE PRUEBA SOCIEDAD ANONIMA'),
      serial_number: LEAF_SERIAL_DECIMAL,
      expiry_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      is_expired: false,
      // This server has no tax authority to try the ATV credentials on (test/api/credentials-check.test.ts).
      credentials_verified: false,
      warning: expect.any(String),
    });

    const row = getCredentials(t.server.core.store.db, org.row.id, 'staging')!;
    expect(row.p12).not.toEqual(p12);
    expect(row.p12!.includes(p12.subarray(0, 64))).toBe(false);
    expect(row.atvPassword!.includes(Buffer.from('atv-secret-password'))).toBe(false);
    expect(row.pin!.equals(Buffer.from(TEST_PIN))).toBe(false);
    expect(row).toMatchObject({ certificateSerial: LEAF_SERIAL_DECIMAL, certificateExpiry: res.body.data.expiry_date, atvUser: upload(p12).atv_user });
    // The vault gives the exact file back only with this organization's context.
    expect(t.server.core.vault.decrypt(row.p12!, `org:${org.row.id}:staging:p12`)).toEqual(p12);
    expect(() => t.server.core.vault.decrypt(row.p12!, `org:${org.row.id + 1}:staging:p12`)).toThrow();
    expect(loadAtvCredentials(t.server.core, org.row.id, 'staging')).toEqual({ user: upload(p12).atv_user, password: 'atv-secret-password' });

    const status = await t.call('GET', '/organizations/me/certificate', { key: org.key });
    const { credentials_verified: _verified, warning: _warning, ...info } = res.body.data;
    expect(status.body.data.staging).toEqual({ has_certificate: true, has_credentials: true, certificate: info });
    expect(status.body.data.production).toEqual(EMPTY);
    const listed = await t.call('GET', `/organizations/${org.uuid}`, { key: t.accountKey });
    expect(listed.body.data).toMatchObject({ certificate_test: true, certificate_live: false });
  });

  it('gives the issuing code one cached identity per organization and environment, renewed on upload and removal', async () => {
    const org = seed();
    const core = t.server.core;
    expect(loadSigningIdentity(core, org.row.id, 'staging')).toBeUndefined();
    await t.call('POST', '/organizations/me/certificate', { key: org.key, body: upload(makeTestP12({ pin: TEST_PIN })) });
    const first = loadSigningIdentity(core, org.row.id, 'staging');
    expect(first?.serialNumber).toBe(LEAF_SERIAL_DECIMAL);
    expect(loadSigningIdentity(core, org.row.id, 'staging')).toBe(first); // not loaded again
    await t.call('POST', '/organizations/me/certificate', { key: org.key, body: upload(makeTestP12({ pin: '9876' }), { pin: '9876' }) });
    const second = loadSigningIdentity(core, org.row.id, 'staging');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    await t.call('DELETE', '/organizations/me/certificate', { key: org.key });
    expect(loadSigningIdentity(core, org.row.id, 'staging')).toBeUndefined();
  });

  it.each([
    ['a wrong PIN', () => upload(makeTestP12({ pin: TEST_PIN }), { pin: '0000' }), 'certificate_wrong_pin'],
    ['text that is not base64', () => upload(Buffer.alloc(0), { certificate: 'this is not base64!' }), 'certificate_invalid'],
    ['bytes that are not a .p12', () => upload(Buffer.from('just some text, not PKCS#12 at all')), 'certificate_invalid'],
    ['a truncated .p12', () => upload(makeTestP12({ pin: TEST_PIN }).subarray(0, 500)), 'certificate_invalid'],
    ['a .p12 without private key', () => upload(makeTestP12({ pin: TEST_PIN, withoutKey: true })), 'certificate_no_private_key'],
    ['a .p12 whose key does not match its certificate', () => upload(mismatchedP12()), 'certificate_key_mismatch'],
    ['an expired certificate', () => upload(makeTestP12({ pin: TEST_PIN, expired: true })), 'certificate_expired'],
  ])('refuses %s with 422 and stores nothing', async (_what, body, code) => {
    const org = seed();
    const res = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: body() });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message.length).toBeGreaterThan(10);
    expect(getCredentials(t.server.core.store.db, org.row.id, 'staging')).toBeUndefined();
  });

  it('validates the upload body with field paths', async () => {
    const org = seed();
    const res = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { certificate: 'AAAA', pin: '', atv_user: 'not an email', environment: 'dev' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors).sort()).toEqual(['atv_password', 'atv_user', 'environment', 'pin']);
  });

  it('accepts a data URL with line breaks, as browsers and MIME tools produce', async () => {
    const org = seed();
    const base64 = makeTestP12({ pin: TEST_PIN }).toString('base64').replace(/(.{76})/g, '$1\n');
    const res = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: upload(Buffer.alloc(0), { certificate: `data:application/x-pkcs12;base64,${base64}` }) });
    expect(res.status).toBe(200);
  });
});

describe('environments', () => {
  it('forbids a test key to upload or remove a production certificate (403 live_key_required)', async () => {
    const org = seed();
    const res = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: upload(makeTestP12({ pin: TEST_PIN }), { environment: 'production' }) });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('live_key_required');
    expect(res.body.message).toBe(res.body.error.message);
    expect(getCredentials(t.server.core.store.db, org.row.id, 'production')).toBeUndefined();
    const del = await t.call('DELETE', '/organizations/me/certificate?environment=production', { key: org.key });
    expect(del.body.error.code).toBe('live_key_required');
  });

  it('lets a live key store production (its default) and staging certificates separately', async () => {
    const org = seed({ mode: 'live' });
    const live = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: upload(makeTestP12({ pin: TEST_PIN })) });
    expect(live.status).toBe(200);
    let status = (await t.call('GET', '/organizations/me/certificate', { key: org.key })).body.data;
    expect(status.production.has_certificate).toBe(true);
    expect(status.staging).toEqual(EMPTY);
    await t.call('POST', '/organizations/me/certificate', { key: org.key, body: upload(makeTestP12({ pin: TEST_PIN }), { environment: 'staging' }) });
    const view = await t.call('GET', `/organizations/${org.uuid}`, { key: t.accountKey });
    expect(view.body.data).toMatchObject({ certificate_test: true, certificate_live: true });
    await t.call('DELETE', '/organizations/me/certificate?environment=staging', { key: org.key });
    status = (await t.call('GET', '/organizations/me/certificate', { key: org.key })).body.data;
    expect(status.staging).toEqual(EMPTY);
    expect(status.production.has_certificate).toBe(true);
  });
});

describe('removal and aliases', () => {
  it('removes certificate and credentials; removing again is 404 not_found', async () => {
    const org = seed();
    await t.call('POST', '/organizations/me/certificate', { key: org.key, body: upload(makeTestP12({ pin: TEST_PIN })) });
    const res = await t.call('DELETE', '/organizations/me/certificate', { key: org.key });
    expect(res.status).toBe(200);
    expect(getCredentials(t.server.core.store.db, org.row.id, 'staging')).toBeUndefined();
    const again = await t.call('DELETE', '/organizations/me/certificate', { key: org.key });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
  });

  it('serves the three operations at /company/certificate too', async () => {
    const org = seed();
    const post = await t.call('POST', '/company/certificate', { key: org.key, body: upload(makeTestP12({ pin: TEST_PIN })) });
    expect(post.status).toBe(200);
    expect((await t.call('GET', '/company/certificate', { key: org.key })).body.data.staging.has_certificate).toBe(true);
    expect((await t.call('DELETE', '/company/certificate', { key: org.key })).status).toBe(200);
    expect((await t.call('GET', '/organizations/me/certificate', { key: org.key })).body.data.staging).toEqual(EMPTY);
  });

  it('needs settings:read to view and settings:manage to change, with an organization key', async () => {
    const reader = seed({ abilities: ['settings:read'] });
    expect((await t.call('GET', '/company/certificate', { key: reader.key })).status).toBe(200);
    for (const [method, body] of [['POST', upload(makeTestP12({ pin: TEST_PIN }))], ['DELETE', undefined]] as const) {
      const res = await t.call(method, '/organizations/me/certificate', { key: reader.key, body });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const none = seed({ abilities: ['settings:manage'] });
    expect((await t.call('GET', '/organizations/me/certificate', { key: none.key })).body.error.code).toBe('forbidden');
    const account = await t.call('GET', '/organizations/me/certificate', { key: t.accountKey });
    expect(account.body.error.code).toBe('organization_key_required');
  });
});
