/**
 * ATV credentials tried against the tax authority's IdP (the simulator's) when a certificate is uploaded:
 * accepted ones are stored verified, refused ones are a 422 naming `atv_password` in the request's language,
 * an IdP that is down or does not answer leaves them stored with a warning. Credentials the IdP refuses at
 * delivery keep documents queued with a readable reason and `credentials_rejected` in GET /hacienda/status,
 * also after a restart, until they are corrected — and then the documents go at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_PASSWORD, SIMULATOR_USER, seedOrganization, startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { loadAtvCredentials } from '../../src/organizations/atv-credentials.ts';
import { CREDENTIAL_CHECK_TIMEOUT_MS } from '../../src/hacienda/credential-check.ts';
import { until } from '../unit/hacienda/fixtures.ts';

let simulator: Simulator;
let t: TestServer;
/** The organization of startDelivering, whose cédula the example requests carry. */
let issuer: SeededOrganization;
let serial = 0;
const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
const seed = () => seedOrganization(t, { identificationNumber: String(3101700000 + ++serial) });
const upload = (org: SeededOrganization, password: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/organizations/me/certificate', { key: org.key, headers, body: { certificate: p12, pin: TEST_PIN, atv_user: SIMULATOR_USER, atv_password: password } });
const environmentStatus = async (org: SeededOrganization) => (await t.call('GET', '/hacienda/status', { key: org.key })).body.data.staging;

beforeAll(async () => {
  ({ simulator, t, org: issuer } = await startDelivering());
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

describe('ATV credentials at upload', () => {
  it('stores credentials the IdP accepts, verified and without a warning', async () => {
    const org = seed();
    const res = await upload(org, SIMULATOR_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.credentials_verified).toBe(true);
    expect(res.body.data).not.toHaveProperty('warning');
    expect(await environmentStatus(org)).toMatchObject({ has_credentials: true, credentials_rejected: false });
  });

  it('refuses a wrong password with 422 naming atv_password, in the language asked, and keeps what was stored', async () => {
    const org = seed();
    await upload(org, SIMULATOR_PASSWORD);
    const es = await upload(org, 'contraseña-equivocada');
    expect(es.status).toBe(422);
    expect(es.body.error.code).toBe('validation_error');
    expect(Object.keys(es.body.error.errors)).toEqual(['atv_password']);
    expect(es.body.error.errors.atv_password[0]).toMatch(/^Hacienda no acepta este usuario con esta contraseña/);
    expect(es.body.error.message).toBe('Hacienda rechazó el usuario o la contraseña de ATV.');

    const en = await upload(org, 'wrong-password', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.status).toBe(422);
    expect(en.body.error.errors.atv_password[0]).toMatch(/^The tax authority does not accept this user with this password/);
    // Nothing of the refused upload was stored: deliveries keep the credentials that work.
    expect(loadAtvCredentials(t.server.core, org.row.id, 'staging')).toEqual({ user: SIMULATOR_USER, password: SIMULATOR_PASSWORD });
  });

  it('stores the credentials with a warning when the IdP is down', async () => {
    const org = seed();
    simulator.faults = { down: true };
    try {
      const res = await upload(org, 'not-checked');
      expect(res.status).toBe(200);
      expect(res.body.data.credentials_verified).toBe(false);
      expect(res.body.data.warning).toMatch(/^No se pudieron comprobar el usuario y la contraseña de ATV porque Hacienda no respondió/);
      const en = await upload(org, 'not-checked', { 'accept-language': 'en' });
      expect(en.body.data.warning).toMatch(/^The ATV user and password could not be checked/);
    } finally {
      simulator.faults = {};
    }
    expect(loadAtvCredentials(t.server.core, org.row.id, 'staging')?.password).toBe('not-checked');
  });

  it('gives up on an IdP that does not answer within a few seconds', async () => {
    const org = seed();
    simulator.faults = { slowMs: 30_000 };
    const started = Date.now();
    try {
      const res = await upload(org, SIMULATOR_PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body.data.credentials_verified).toBe(false);
    } finally {
      simulator.faults = {};
    }
    expect(Date.now() - started).toBeLessThan(CREDENTIAL_CHECK_TIMEOUT_MS + 2_000);
  });
});

describe('credentials the IdP refuses at delivery', () => {
  it('keep documents queued with a readable reason, say so in the status (also after a restart), and go once corrected', async () => {
    const org = issuer;
    // Stored while the IdP was down, so unchecked; the tax authority refuses them once it is back.
    simulator.faults = { down: true };
    await upload(org, 'old-password');
    simulator.faults = {};
    const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: exampleRequest('04-tiquete', new Date(Date.now() - 60_000)) });
    expect(issued.status, issued.text).toBe(201);
    const key = issued.body.data.document_key as string;
    const read = () => t.call('GET', `/electronic-documents/${key}`, { key: org.key }).then((r) => r.body.data);
    const queued = await until(read, (d) => d.delivery_problem === 'credentials_rejected', 20_000);
    expect(queued).toMatchObject({ status: 'queued', delivery_problem: 'credentials_rejected', hacienda_message: 'credentials rejected: invalid_grant' });
    expect(await environmentStatus(org)).toMatchObject({ available: true, credentials_rejected: true });

    // A new process has not tried them yet: the queued document's reason says it.
    await t.restart();
    expect(await environmentStatus(org)).toMatchObject({ credentials_rejected: true });

    const corrected = await upload(org, SIMULATOR_PASSWORD);
    expect(corrected.body.data.credentials_verified).toBe(true);
    expect(await environmentStatus(org)).toMatchObject({ credentials_rejected: false });
    // Sent at once, not at its backoff time.
    const accepted = await until(read, (d) => d.status === 'accepted', 10_000);
    expect(accepted).toMatchObject({ status: 'accepted', delivery_problem: null });
  });
});
