/** The frame every route stands on: envelopes, authentication errors, not found, bad JSON, rate-limit headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, seedOrganization, type TestServer } from './harness.ts';
import { revokeApiKey, createApiKey, findApiKeyBySecret } from '../../src/store/api-keys.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

describe('the API frame', () => {
  it('serves /status without a key, in the success envelope', async () => {
    const res = await t.call('GET', '/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, api_version: '1.0', data: { status: 'ok', database: 'connected' } });
    expect(Date.parse(res.body.timestamp)).not.toBeNaN();
  });

  it('answers unknown routes with the not_found envelope', async () => {
    const res = await t.call('GET', '/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'not_found' }, api_version: '1.0' });
  });

  it('rejects missing, unknown, revoked and expired keys with 401 and a top-level message', async () => {
    const org = seedOrganization(t);
    const missing = await t.call('GET', '/auth/me');
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('unauthenticated');
    expect(missing.body.message).toBe(missing.body.error.message);
    expect((await t.call('GET', '/auth/me', { key: 'fct_test_nope' })).body.error.code).toBe('unauthenticated');
    const db = t.server.core.store.db;
    const row = findApiKeyBySecret(db, org.key)!;
    const expired = createApiKey(db, { accountId: row.accountId, organizationId: row.organizationId, name: 'old', mode: 'test', abilities: [], expiresAt: '2020-01-01T00:00:00.000Z' }, new Date()).secret;
    expect((await t.call('GET', '/auth/me', { key: expired })).body.error.code).toBe('token_expired');
    revokeApiKey(db, row.id, new Date());
    expect((await t.call('GET', '/auth/me', { key: org.key })).body.error.code).toBe('key_revoked');
  });

  it('turns malformed JSON into 400 invalid_json', async () => {
    const org = seedOrganization(t, { identificationNumber: '3101999999' });
    const res = await t.call('POST', '/electronic-documents', { key: org.key, rawBody: '{"document": ' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });
});

describe('OpenAPI', () => {
  it('describes the routes at /api/v1/openapi.json and serves the browsable docs', async () => {
    const spec = await t.call('GET', '/api/v1/openapi.json');
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toBe('3.1.0');
    for (const path of ['/api/v1/electronic-documents', '/api/v1/documents', '/api/v1/organizations/me/certificate', '/api/v1/api-keys', '/api/v1/recipients/{id}']) {
      expect(Object.keys(spec.body.paths), path).toContain(path);
    }
    expect(spec.body.paths['/api/v1/documents'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['cursor', 'per_page', 'status', 'from', 'to']));
    const docs = await t.call('GET', '/api/v1/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger');
  });
});
