/**
 * Going live from Settings (POST /organizations/me/activate-production, docs/account.md "Going live"): the
 * owner's browser session checks and activates production — refused, naming what is missing, until the
 * organization has its own valid production certificate and ATV credentials — and a test key or a key
 * without settings:manage cannot. The receipts say PRUEBAS before and not after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { pdfText } from '../helpers/pdf.ts';
import { localAccount, updateAccount } from '../../src/store/accounts.ts';

const PATH = '/organizations/me/activate-production';
const ADDRESS = { province: '1', canton: '01', district: '01', details: 'Avenida 7, calles 3 y 5' };
const UPLOAD = { certificate: makeTestP12({ pin: TEST_PIN }).toString('base64'), pin: TEST_PIN, atv_user: 'cpj-3-101-123456@prod.comprobanteselectronicos.go.cr', atv_password: 'clave-ATV' };
const MARK = 'PRUEBAS — SIN VALOR FISCAL';

let shift = 0; // moves the server's clock forward (certificate expiry)
let t: TestServer;
let org: SeededOrganization;
let cookie: string;

/** The one-time login URL's exchange, as the login page does it: the session cookie. */
async function signIn(): Promise<string> {
  const res = await fetch(`${t.url}/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-facturador-csrf': '1' }, body: JSON.stringify({ token: t.server.app.browserSessions.issueLoginToken() }) });
  expect(res.status).toBe(204);
  return String(res.headers.get('set-cookie')).split(';')[0]!;
}

/** A request of the signed-in browser (cookie and CSRF header). */
const asOwner = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call(method, path, { body, headers: { cookie, 'x-facturador-csrf': '1', ...headers } });

const account = () => localAccount(t.server.core.store.db, new Date());

/** POST /session/organization (outside /api/v1): the owner works on another organization. */
async function chooseOrganization(uuid: string): Promise<void> {
  const res = await fetch(`${t.url}/session/organization`, { method: 'POST', headers: { cookie, 'x-facturador-csrf': '1', 'content-type': 'application/json' }, body: JSON.stringify({ organization_id: uuid }) });
  expect(res.status).toBe(204);
}

/** Issues the example ticket as the browser and reads its 80 mm receipt. */
async function ticketReceipt(): Promise<{ environment: string; text: string }> {
  const issued = await asOwner('POST', '/electronic-documents', exampleRequest('04-tiquete'));
  expect(issued.status, issued.text).toBe(201);
  const key = issued.body.data.document_key as string;
  const detail = await asOwner('GET', `/electronic-documents/${key}`);
  const pdf = await fetch(`${t.url}/api/v1/documents/${key}/pdf`, { headers: { cookie } });
  expect(pdf.status).toBe(200);
  return { environment: detail.body.data.environment, text: pdfText(Buffer.from(await pdf.arrayBuffer())) };
}

beforeAll(async () => {
  t = await startTestServer({ clock: { now: () => new Date(Date.now() + shift) } });
  org = seedOrganization(t);
  cookie = await signIn();
  expect((await asOwner('PUT', '/organizations/me', { address: ADDRESS })).status).toBe(200);
  // The sandbox's own certificate: the shop has been issuing test tickets.
  expect((await asOwner('POST', '/organizations/me/certificate', { ...UPLOAD, environment: 'staging' })).status).toBe(200);
});
afterAll(() => t.close());

describe('going live from Settings', () => {
  it('is refused while the production certificate and credentials are missing, naming both, in Spanish or English', async () => {
    for (const body of [{ dry_run: true }, {}]) {
      const refused = await asOwner('POST', PATH, body);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('validation_error');
      expect(refused.body.error.errors).toEqual({
        'production.certificate': ['No hay certificado de firma de producción: cargue la llave criptográfica (.p12) de producción y su PIN.'],
        'production.credentials': ['Faltan el usuario y la contraseña ATV de producción.'],
      });
    }
    const english = await asOwner('POST', `${PATH}?lang=en`, {});
    expect(english.body.error.errors['production.certificate']).toEqual(['No production signing certificate is stored: upload the production .p12 file and its PIN.']);
    const accepted = await asOwner('POST', PATH, {}, { 'accept-language': 'en-US,en;q=0.9' });
    expect(accepted.body.error.errors['production.credentials']).toEqual(['The production ATV user and password are missing.']);
    // Nothing changed: still the sandbox.
    expect(account()).toMatchObject({ plan: 'sandbox', status: 'sandbox' });
    expect((await asOwner('GET', '/organizations/me')).body.data.default_environment).toBe('staging');
  });

  it('is not for a test key, a key without settings:manage, or an account key', async () => {
    const testKey = await t.call('POST', PATH, { key: org.key, body: {} });
    expect(testKey.status).toBe(403);
    expect(testKey.body.error.code).toBe('live_key_required');
    const reader = seedOrganization(t, { identificationNumber: '3101000777' }, { abilities: ['settings:read'] });
    const forbidden = await t.call('POST', PATH, { key: reader.key, body: {} });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
    expect((await t.call('POST', PATH, { key: t.accountKey, body: {} })).body.error.code).toBe('organization_key_required');
    // A test key still cannot store production secrets; the owner can, before going live.
    expect((await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { ...UPLOAD, environment: 'production' } })).body.error.code).toBe('live_key_required');
  });

  it("refuses a certificate that is not the issuer's, or has expired", async () => {
    // The owner works on the other organization for a moment (its cédula is not the certificate's).
    const other = seedOrganization(t, { identificationNumber: '3101000888' });
    await chooseOrganization(other.uuid);
    const stored = await asOwner('POST', '/organizations/me/certificate', { ...UPLOAD, environment: 'production' });
    expect(stored.status, stored.text).toBe(200);
    const foreign = await asOwner('POST', PATH, { dry_run: true });
    expect(foreign.status).toBe(422);
    expect(foreign.body.error.errors).toEqual({ 'production.certificate': ['El certificado de producción es de CPJ-3-101-123456, no del emisor (3101000888).'] });

    shift = 3 * 365 * 24 * 3600 * 1000; // the test certificate is valid two years
    try {
      cookie = await signIn(); // the session of three years ago has ended
      await chooseOrganization(other.uuid);
      const expired = await asOwner('POST', PATH, { dry_run: true });
      expect(expired.body.error.errors['production.certificate']![0]).toMatch(/^El certificado de producción venció el \d{4}-\d{2}-\d{2}: cargue uno vigente\.$/);
    } finally {
      shift = 0;
    }
    cookie = await signIn(); // back on the account's first organization
    expect((await asOwner('GET', '/organizations/me')).body.data.uuid).toBe(org.uuid);
  });

  it('activates production once the certificate and credentials are stored; the receipts lose their PRUEBAS mark', async () => {
    const sandbox = await ticketReceipt();
    expect(sandbox.environment).toBe('staging');
    expect(sandbox.text).toContain(MARK);

    const stored = await asOwner('POST', '/organizations/me/certificate', { ...UPLOAD, environment: 'production' });
    expect(stored.status, stored.text).toBe(200);
    const check = await asOwner('POST', PATH, { dry_run: true });
    expect(check.status, check.text).toBe(200);
    // Three organizations in the account now: the smallest plan with production that fits them.
    expect(check.body).toMatchObject({ message: 'Todo listo para producción.', data: { activated: false, plan: 'business', account: { status: 'sandbox' }, organization: { default_environment: 'staging' } } });
    expect(account()).toMatchObject({ plan: 'sandbox', status: 'sandbox' });

    const wrongPlans = await asOwner('POST', PATH, { plan: 'starter' });
    expect(wrongPlans.status).toBe(422);
    expect(wrongPlans.body.error.errors).toEqual({ plan: ['El plan starter admite 1 organización(es); esta cuenta tiene 3.'] });
    expect((await asOwner('POST', PATH, { plan: 'sandbox' })).body.error.errors).toEqual({ plan: ['El plan sandbox no incluye producción.'] });

    const live = await asOwner('POST', PATH, {});
    expect(live.status, live.text).toBe(200);
    expect(live.body).toMatchObject({
      message: 'Producción activada: desde ahora los comprobantes son reales y se envían a Hacienda.',
      data: { activated: true, plan: 'business', account: { plan: 'business', status: 'active' }, organization: { default_environment: 'production', plan: 'business' } },
    });
    // Exactly what `facturador account set-plan business` and `set-status active` store.
    expect(account()).toMatchObject({ plan: 'business', status: 'active' });

    const real = await ticketReceipt();
    expect(real.environment).toBe('production');
    expect(real.text).toContain('Tiquete electrónico');
    expect(real.text).not.toContain('PRUEBAS');
  });

  it('is described in the OpenAPI, with its members beyond the spec', async () => {
    const spec = (await t.call('GET', '/openapi.json')).body;
    const operation = spec.paths[`/api/v1${PATH}`].post;
    expect(Object.keys(operation.requestBody.content['application/json'].schema.properties).sort()).toEqual(['dry_run', 'plan']);
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['lang']);
    expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties.data.properties).sort()).toEqual(['account', 'activated', 'organization', 'plan']);
  });

  it('can be done again by the owner when the administrator put the account back in the sandbox', async () => {
    const db = t.server.core.store.db;
    updateAccount(db, account().id, { plan: 'sandbox', status: 'sandbox' }, new Date());
    expect((await asOwner('GET', '/documents')).body.error.code).toBe('plan_required');
    const again = await asOwner('POST', PATH, { plan: 'unlimited' });
    expect(again.status, again.text).toBe(200);
    expect(account()).toMatchObject({ plan: 'unlimited', status: 'active' });
    expect((await asOwner('GET', '/documents')).status).toBe(200);
  });
});
