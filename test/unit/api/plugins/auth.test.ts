/**
 * The auth and rate-limit plugins read each route's `config` when the route is added (onRoute): a tiny app
 * with only them (and the errors plugin, which writes the envelope) on a real store, no server, no mocks.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../../../helpers/temp-dirs.ts';
import { openStore, type Store } from '../../../../src/store/database.ts';
import { localAccount } from '../../../../src/store/accounts.ts';
import { createApiKey } from '../../../../src/store/api-keys.ts';
import { insertOrganization } from '../../../../src/store/organizations.ts';
import { errorsPlugin } from '../../../../src/api/plugins/errors.ts';
import { authPlugin } from '../../../../src/api/plugins/auth.ts';
import { Approvals } from '../../../../src/tills/approvals.ts';
import { rateLimitPlugin } from '../../../../src/api/plugins/rate-limit.ts';

const tempDir = tempDirs();
const clock = { now: () => new Date('2026-03-01T12:00:00.000Z') };
let store: Store;
let app: FastifyInstance;
let orgKey: string;
let readOnlyKey: string;

beforeAll(async () => {
  store = openStore(join(tempDir('facturador-auth-plugin-'), 'test.db'));
  const now = clock.now();
  const account = localAccount(store.db, now);
  const org = insertOrganization(store.db, { uuid: 'a9a4f7a4-0d3e-4c59-9c3e-2f8d2b1c0001', accountId: account.id, name: 'Probe', identificationType: '02', identificationNumber: '3101000100', email: 'p@example.cr', createdAt: now.toISOString(), updatedAt: now.toISOString() });
  const key = (abilities: string[]) => createApiKey(store.db, { accountId: account.id, organizationId: org.id, name: 'k', mode: 'test', abilities, expiresAt: null }, now).secret;
  orgKey = key(['invoices:read', 'invoices:write']);
  readOnlyKey = key(['invoices:read']);

  app = Fastify();
  await app.register(errorsPlugin);
  await app.register(authPlugin, { store, clock, approvals: new Approvals(clock) });
  await app.register(rateLimitPlugin, { clock });
  app.get('/public', { config: { key: 'none' } }, async () => ({ ok: true }));
  app.get('/private', async (request) => ({ organization: request.auth?.organization?.name }));
  app.post('/write', { config: { abilities: ['invoices:write'] } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  store.close();
});

const call = (method: 'GET' | 'HEAD' | 'POST', url: string, key?: string) =>
  app.inject({ method, url, headers: key === undefined ? {} : { authorization: `Bearer ${key}` } });

describe('route config read by the plugins', () => {
  it('lets a route declared `key: none` through without a key, uncounted', async () => {
    const res = await call('GET', '/public');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('asks a key of a route without config (organization keys by default), and counts it', async () => {
    const refused = await call('GET', '/private');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ success: false, error: { code: 'unauthenticated' } });
    const res = await call('GET', '/private', orgKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization: 'Probe' });
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('guards the HEAD twin fastify adds to a GET route too', async () => {
    expect((await call('HEAD', '/private')).statusCode).toBe(401);
    expect((await call('HEAD', '/public')).statusCode).toBe(200);
  });

  it("checks the route's abilities", async () => {
    const res = await call('POST', '/write', readOnlyKey);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect((await call('POST', '/write', orgKey)).statusCode).toBe(200);
  });
});
