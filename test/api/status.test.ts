/** GET /status: what a monitor reads (ServiceStatus), and HTTP 503 `degraded` when the store cannot serve. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const notChecked = { available: null, message: 'not_checked', response_time_ms: null };

describe('GET /status', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t.close());

  it('reports ok, the version, the time and the database, without a key', async () => {
    const res = await t.call('GET', '/status');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, api_version: '1.0' });
    const data = res.body.data;
    expect(data).toMatchObject({ status: 'ok', version: packageVersion, database: 'connected' });
    expect(Math.abs(Date.parse(data.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('lists both tax-authority environments as not checked yet', async () => {
    const { hacienda } = (await t.call('GET', '/status')).body.data;
    expect(Object.keys(hacienda).sort()).toEqual(['production', 'staging']);
    for (const environment of ['staging', 'production']) {
      expect(hacienda[environment]).toEqual({ ...notChecked, checked_at: null, last_success: null, token: notChecked, api: notChecked });
    }
  });

  it('ignores a key, even a wrong one', async () => {
    expect((await t.call('GET', '/status', { key: 'fct_test_wrong' })).status).toBe(200);
  });
});

describe('GET /status with an unusable store', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t.close());

  it('answers 503 degraded with the database disconnected', async () => {
    t.server.core.store.db.$client.close(); // the file gone from under the running server
    const res = await t.call('GET', '/status');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      data: { status: 'degraded', database: 'disconnected', version: packageVersion },
      error: { code: 'service_unavailable' },
      api_version: '1.0',
    });
  });

  it('answers keyed requests 503 auth_unavailable with Retry-After, not a 500', async () => {
    const res = await t.call('GET', '/auth/me', { key: t.accountKey });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('auth_unavailable');
    expect(res.headers.get('retry-after')).toBe('5');
  });
});
