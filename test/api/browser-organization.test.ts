/**
 * Which organization a signed-in browser works on (docs/browser-access.md, "The session and its
 * organization"): none on a fresh install (the first-run wizard creates one), then the account's first
 * active organization, or the one chosen with POST /session/organization; on organization routes the
 * session acts as that organization's internal key, in the mode of its default environment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activatePlan, startTestServer, type TestServer } from './harness.ts';
import { portOf, rawRequest, type RawRequest } from '../helpers/raw-http.ts';
import { BROWSER_KEY_NAME } from '../../src/store/browser-key.ts';
import { localAccount, updateAccount } from '../../src/store/accounts.ts';

const CSRF = { 'x-facturador-csrf': '1' };
const JSON_TYPE = { 'content-type': 'application/json' };

let t: TestServer;
let cookie: string;
const send = (options: RawRequest) => rawRequest(portOf(t.url), options);
const get = (path: string) => send({ path: `/api/v1${path}`, headers: { cookie } });
const write = (method: string, path: string, body: unknown) => send({ method, path: path.startsWith('/session') ? path : `/api/v1${path}`, headers: { cookie, ...CSRF, ...JSON_TYPE }, body: JSON.stringify(body) });
const organization = (name: string, id: string) => ({ name, identification_type: '02', identification_number: id, email: 'facturas@example.cr', economic_activities: ['620100'] });

beforeAll(async () => {
  t = await startTestServer();
  const login = await send({ method: 'POST', path: '/login', headers: { ...JSON_TYPE, ...CSRF }, body: JSON.stringify({ token: t.server.app.browserSessions.issueLoginToken() }) });
  expect(login.status).toBe(204);
  cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
});
afterAll(() => t.close());

describe('the organization of a browser session', () => {
  it('is none on a fresh install: organization routes say so, account routes work', async () => {
    const me = await get('/organizations/me');
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('organization_key_required');
    expect(me.body.error.message).toMatch(/no hay una organización emisora/);
    expect((await get('/organizations')).status).toBe(200);
  });

  it('is the first active organization once there is one, and the session can issue there', async () => {
    const created = await write('POST', '/organizations', organization('Pulpería La Esquina', '3101000001'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const me = await get('/organizations/me');
    expect(me.status).toBe(200);
    expect(me.body.data.name).toBe('Pulpería La Esquina');
    // A state-changing organization route through the cookie: CSRF header still required.
    expect((await send({ method: 'PUT', path: '/api/v1/organizations/me', headers: { cookie, ...JSON_TYPE }, body: '{"phone":"22223333"}' })).status).toBe(403);
    expect((await write('PUT', '/organizations/me', { phone: '22223333' })).status).toBe(200);
  });

  it('is the one chosen with POST /session/organization', async () => {
    activatePlan(t); // the sandbox plan allows one organization
    const second = await write('POST', '/organizations', organization('Soda El Parque', '3101000002'));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect((await get('/organizations/me')).body.data.name).toBe('Pulpería La Esquina');
    const forged = await send({ method: 'POST', path: '/session/organization', headers: { cookie, ...JSON_TYPE }, body: JSON.stringify({ organization_id: second.body.data.uuid ?? second.body.data.id }) });
    expect(forged.status).toBe(403);
    const unknown = await write('POST', '/session/organization', { organization_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    const chosen = await write('POST', '/session/organization', { organization_id: second.body.data.uuid ?? second.body.data.id });
    expect(chosen.status).toBe(204);
    expect((await get('/organizations/me')).body.data.name).toBe('Soda El Parque');
  });

  it('acts as an internal organization key in the mode of the default environment', async () => {
    await write('PUT', '/organizations/me', { default_environment: 'production' });
    await get('/organizations/me');
    const keys = (await get('/api-keys')).body.data as { name: string; mode: string; organization_id?: string | null }[];
    const internal = keys.filter((k) => k.name === BROWSER_KEY_NAME);
    expect(internal.map((k) => `${k.organization_id ? 'organization' : 'account'} ${k.mode}`).sort()).toEqual(['account test', 'organization live', 'organization test', 'organization test']);
  });

  it('can still switch production back to staging after the plan lost live access (the profile alone stays open)', async () => {
    const db = t.server.core.store.db;
    updateAccount(db, localAccount(db, new Date()).id, { plan: 'sandbox', status: 'sandbox' }, new Date());
    try {
      const documents = await get('/documents');
      expect(documents.status).toBe(402); // nothing issues or lists in production without live access
      expect(documents.body.error.code).toBe('plan_required');
      expect((await get('/organizations/me')).body.data.default_environment).toBe('production');
      expect((await write('PUT', '/organizations/me', { default_environment: 'staging' })).status).toBe(200);
      expect((await get('/documents')).status).toBe(200);
    } finally {
      activatePlan(t);
      await write('PUT', '/organizations/me', { default_environment: 'production' });
    }
  });

  it('is refused, not swapped for another, once the chosen organization is deleted', async () => {
    const organizations = (await get('/organizations')).body.data as { id: string; uuid?: string; name: string }[];
    const uuidOf = (name: string) => { const o = organizations.find((x) => x.name === name)!; return o.uuid ?? o.id; };
    expect((await send({ method: 'DELETE', path: `/api/v1/organizations/${uuidOf('Soda El Parque')}`, headers: { cookie, ...CSRF } })).status).toBe(200);
    const me = await get('/organizations/me');
    expect(me.status).toBe(403);
    expect(me.body.error.code).toBe('tenant_inactive');
    expect((await write('POST', '/session/organization', { organization_id: uuidOf('Pulpería La Esquina') })).status).toBe(204);
    expect((await get('/organizations/me')).body.data.name).toBe('Pulpería La Esquina');
  });

  it('ends everywhere when its account key is revoked', async () => {
    const keys = (await get('/api-keys')).body.data as { id: string; name: string; organization_id?: string | null }[];
    const accountKey = keys.find((k) => k.name === BROWSER_KEY_NAME && !k.organization_id)!;
    expect((await send({ method: 'DELETE', path: `/api/v1/api-keys/${accountKey.id}`, headers: { authorization: `Bearer ${t.accountKey}` } })).status).toBe(200);
    const me = await get('/organizations/me');
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('key_revoked');
  });
});
