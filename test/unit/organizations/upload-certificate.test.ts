/**
 * Uploading a certificate and ATV credentials on a real store, against the simulator's IdP: accepted ones
 * are stored sealed and verified; refused ones (422 on atv_password) and a .p12 that does not open store
 * nothing; an IdP that cannot be reached leaves them stored unverified.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';
import { TokenManager } from '../../../src/hacienda/token-manager.ts';
import { loadAtvCredentials } from '../../../src/organizations/atv-credentials.ts';
import { loadSigningIdentity } from '../../../src/organizations/signing-identity.ts';
import { uploadCertificate } from '../../../src/organizations/upload-certificate.ts';
import { getCredentials } from '../../../src/store/credentials.ts';
import { TEST_PIN, makeTestP12 } from '../../fixtures/certificates.ts';
import { configFor, PASSWORD, USER, USERS } from '../hacienda/fixtures.ts';
import { useCaseFixture } from './store-fixture.ts';

const fx = useCaseFixture();
let sim: Simulator;
let wakes = 0;
const outbox = { wake: () => void wakes++ };

beforeAll(async () => {
  sim = await startSimulator({ port: 0, users: USERS });
});
afterAll(() => sim.close());

const depsFor = (tokens: TokenManager) => ({ ...fx, hacienda: { tokens }, outbox });
const upload = (organizationId: number, overrides: Partial<{ pin: string; atvPassword: string }> = {}) => ({
  organizationId, environment: 'staging' as const, certificate: makeTestP12({ pin: TEST_PIN }).toString('base64'),
  pin: TEST_PIN, atvUser: USER, atvPassword: PASSWORD, ...overrides,
});

describe('uploadCertificate', () => {
  it('stores accepted credentials and a certificate that signs, sealed', async () => {
    const organization = fx.organization();
    const deps = depsFor(new TokenManager({ config: configFor(sim) }));
    const result = await uploadCertificate(deps, upload(organization.id));
    expect(result.verified).toBe(true);
    expect(loadAtvCredentials(fx, organization.id, 'staging')).toEqual({ user: USER, password: PASSWORD });
    expect(loadSigningIdentity(fx, organization.id, 'staging')).toBeDefined();
    expect(getCredentials(fx.store.db, organization.id, 'production')).toBeUndefined();
    expect(wakes).toBe(0); // nothing was waiting for them
  });

  it('stores nothing when the IdP refuses the password, or the PIN does not open the .p12', async () => {
    const organization = fx.organization();
    const deps = depsFor(new TokenManager({ config: configFor(sim) }));
    await expect(uploadCertificate(deps, upload(organization.id, { atvPassword: 'wrong' })))
      .rejects.toMatchObject({ status: 422, options: { fieldErrors: { atv_password: expect.any(Array) } } });
    await expect(uploadCertificate(deps, upload(organization.id, { pin: '9999' }))).rejects.toMatchObject({ status: 422 });
    expect(getCredentials(fx.store.db, organization.id, 'staging')).toBeUndefined();
  });

  it('stores them unverified when the IdP cannot be reached', async () => {
    const organization = fx.organization();
    const closed = { idpUrl: 'http://127.0.0.1:1/idp/', apiUrl: 'http://127.0.0.1:1/api/' };
    const deps = depsFor(new TokenManager({ config: { staging: closed, production: closed } }));
    const result = await uploadCertificate(deps, upload(organization.id));
    expect(result.verified).toBe(false);
    expect(loadAtvCredentials(fx, organization.id, 'staging')?.user).toBe(USER);
  });
});
