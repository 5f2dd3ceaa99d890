/**
 * Request-rate limits (src/api/plugins/rate-limit.ts, docs/rate-limits.md): the organization's per-minute and
 * per-day windows, 429 `rate_limited` with Retry-After, and the X-RateLimit-* headers on every
 * authenticated response. The clock is injected so that windows can be crossed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type Reply, type TestServer } from './harness.ts';
import { updateOrganization } from '../../src/store/organizations.ts';

const START = Date.parse('2026-03-15T18:00:30Z');
let now = START;
let t: TestServer;

const seconds = (ms: number) => Math.floor(ms / 1000);

function rateHeaders(res: Reply): { limit: string | null; remaining: string | null; reset: string | null } {
  return { limit: res.headers.get('x-ratelimit-limit'), remaining: res.headers.get('x-ratelimit-remaining'), reset: res.headers.get('x-ratelimit-reset') };
}

beforeAll(async () => {
  t = await startTestServer({ clock: { now: () => new Date(now) } });
});
afterAll(async () => t.close());

describe('per-minute window', () => {
  it('counts down, then answers 429 rate_limited with Retry-After until the window ends', async () => {
    now = START;
    const org = seedOrganization(t, { identificationNumber: '3101000401' });
    updateOrganization(t.server.core.store.db, org.row.id, { ratePerMinute: 3 });
    const reset = String(seconds(START) + 60);
    for (const remaining of ['2', '1', '0']) {
      const res = await t.call('GET', '/auth/me', { key: org.key });
      expect(res.status).toBe(200);
      expect(rateHeaders(res)).toEqual({ limit: '3', remaining, reset });
    }
    now = START + 20_000;
    const limited = await t.call('GET', '/auth/me', { key: org.key });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.message).toBe(limited.body.error.message);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(rateHeaders(limited)).toEqual({ limit: '3', remaining: '0', reset });
    now = START + 60_000;
    const next = await t.call('GET', '/auth/me', { key: org.key });
    expect(next.status).toBe(200);
    expect(rateHeaders(next)).toEqual({ limit: '3', remaining: '2', reset: String(seconds(START) + 120) });
  });

  it('counts each key on its own', async () => {
    now = START;
    const first = seedOrganization(t, { identificationNumber: '3101000402' });
    const second = seedOrganization(t, { identificationNumber: '3101000403' });
    for (const org of [first, second]) updateOrganization(t.server.core.store.db, org.row.id, { ratePerMinute: 1 });
    expect((await t.call('GET', '/auth/me', { key: first.key })).status).toBe(200);
    expect((await t.call('GET', '/auth/me', { key: first.key })).status).toBe(429);
    expect((await t.call('GET', '/auth/me', { key: second.key })).status).toBe(200);
  });
});

describe('per-day window', () => {
  it('answers 429 once the day is used up, with Retry-After up to the end of the day window', async () => {
    now = START;
    const org = seedOrganization(t, { identificationNumber: '3101000404' });
    updateOrganization(t.server.core.store.db, org.row.id, { ratePerMinute: 100, ratePerDay: 2 });
    expect((await t.call('GET', '/auth/me', { key: org.key })).headers.get('x-ratelimit-remaining')).toBe('1');
    expect((await t.call('GET', '/auth/me', { key: org.key })).headers.get('x-ratelimit-remaining')).toBe('0');
    now = START + 3_600_000;
    const limited = await t.call('GET', '/auth/me', { key: org.key });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(23 * 3600));
    expect(limited.headers.get('x-ratelimit-reset')).toBe(String(seconds(START) + 86_400));
    now = START + 86_400_000;
    expect((await t.call('GET', '/auth/me', { key: org.key })).status).toBe(200);
  });
});

describe('headers on every authenticated response', () => {
  it('sends X-RateLimit-Limit, -Remaining and -Reset on success and on errors after authentication', async () => {
    now = START;
    const org = seedOrganization(t, { identificationNumber: '3101000405' });
    const responses = [
      await t.call('GET', '/auth/me', { key: org.key }), // 200
      await t.call('GET', '/account', { key: t.accountKey }), // 200, account key: default limits
      await t.call('POST', '/api-keys', { key: t.accountKey, body: { name: 'x', mode: 'test' } }), // 201
      await t.call('POST', '/api-keys', { key: t.accountKey, body: { name: 'x' } }), // 422 from the schema
      await t.call('POST', '/api-keys', { key: t.accountKey, body: { name: 'x', mode: 'live' } }), // 402 from the handler
      await t.call('DELETE', '/api-keys/nope', { key: t.accountKey }), // 404 from the handler
      await t.call('POST', '/account/archive', { key: t.accountKey, rawBody: '{' }), // 400 invalid JSON
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 201, 422, 402, 404, 400]);
    for (const res of responses) {
      const headers = rateHeaders(res);
      expect(headers.limit, `${res.status}`).toMatch(/^\d+$/);
      expect(headers.remaining, `${res.status}`).toMatch(/^\d+$/);
      expect(Number(headers.reset), `${res.status}`).toBeGreaterThan(seconds(START));
    }
    expect(rateHeaders(responses[1]!).limit).toBe('600');
  });

  it('sends none on routes without a key', async () => {
    expect(rateHeaders(await t.call('GET', '/status'))).toEqual({ limit: null, remaining: null, reset: null });
  });
});
