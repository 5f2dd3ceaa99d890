/** Consecutive-number counters and branding of the current organization. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { activatePlan, liveKeyOf, startTestServer, seedOrganization, type TestServer } from './harness.ts';
import { PNG as PNGJS } from 'pngjs';
import { getBranding } from '../../src/store/brandings.ts';
import { imageSize } from '../../src/pdf/image-size.ts';
import { gradientJpeg, gradientPng } from '../fixtures/image-headers.ts';
import { takeNextConsecutive } from '../../src/store/counters-issue.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  activatePlan(t, 'unlimited');
});
afterAll(async () => t.close());

let serial = 0;
const seed = (keyOptions: Parameters<typeof seedOrganization>[2] = {}) =>
  seedOrganization(t, { identificationNumber: String(3101700000 + ++serial) }, keyOptions);

const counter = (overrides: Record<string, unknown> = {}) => ({ branch: '1', terminal: '2', document_type: '01', next_value: 100, ...overrides });

describe('consecutives', () => {
  it('starts with no counters, then stores one zero-padded for the key\'s environment', async () => {
    const org = seed();
    expect((await t.call('GET', '/organizations/me/consecutives', { key: org.key })).body.data).toEqual([]);
    const res = await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: counter() });
    expect(res.status).toBe(200);
    const expected = { branch: '001', terminal: '00002', document_type: '01', environment: 'staging', next_value: 100, updated_at: expect.any(String) };
    expect(res.body.data).toEqual(expected);
    const list = await t.call('GET', '/organizations/me/consecutives', { key: org.key });
    expect(list.body.data).toEqual([expected]);
  });

  it('is the number the next document takes', async () => {
    const org = seed();
    await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: counter({ branch: '003', terminal: '00010', document_type: '04', next_value: 5001 }) });
    const key = { organizationId: org.row.id, environment: 'staging', branch: '003', terminal: '00010', documentType: '04' };
    expect(takeNextConsecutive(t.server.core.store.db, key, new Date())).toBe(5001);
    const after = await t.call('GET', '/organizations/me/consecutives', { key: org.key });
    expect(after.body.data[0].next_value).toBe(5002);
  });

  it('only moves forward: a lower next_value is 422 counter_backwards, the same or a higher one is fine', async () => {
    const org = seed();
    await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: counter({ next_value: 100 }) });
    const back = await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: counter({ next_value: 99 }) });
    expect(back.status).toBe(422);
    expect(back.body.error.code).toBe('counter_backwards');
    expect(back.body.error.message).toMatch(/100/);
    expect((await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: counter({ next_value: 100 }) })).status).toBe(200);
    const up = await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: counter({ next_value: 9_999_999_999 }) });
    expect(up.body.data.next_value).toBe(9_999_999_999);
  });

  it('validates branch, terminal, document type and range with field paths', async () => {
    const org = seed();
    const res = await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: { branch: '1234', terminal: 'ab', document_type: '11', next_value: 0 } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.error.errors).sort()).toEqual(['branch', 'document_type', 'next_value', 'terminal']);
    const tooBig = await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: counter({ next_value: 10_000_000_000 }) });
    expect(tooBig.body.error.errors.next_value).toBeDefined();
    const missing = await t.call('PUT', '/organizations/me/consecutives', { key: org.key, body: {} });
    expect(Object.keys(missing.body.error.errors).sort()).toEqual(['branch', 'document_type', 'next_value', 'terminal']);
  });

  it('keeps environments apart; a test key cannot read or change production counters', async () => {
    const testKey = seed();
    for (const res of [
      await t.call('GET', '/organizations/me/consecutives?environment=production', { key: testKey.key }),
      await t.call('PUT', '/organizations/me/consecutives', { key: testKey.key, body: counter({ environment: 'production' }) }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('live_key_required');
    }
    const live = seed({ mode: 'live' });
    const prod = await t.call('PUT', '/organizations/me/consecutives', { key: live.key, body: counter() });
    expect(prod.body.data.environment).toBe('production');
    await t.call('PUT', '/organizations/me/consecutives', { key: live.key, body: counter({ environment: 'staging', next_value: 7 }) });
    const staging = await t.call('GET', '/organizations/me/consecutives?environment=staging', { key: live.key });
    expect(staging.body.data.map((c: { next_value: number }) => c.next_value)).toEqual([7]);
    const own = await t.call('GET', '/organizations/me/consecutives', { key: live.key });
    expect(own.body.data.map((c: { environment: string; next_value: number }) => [c.environment, c.next_value])).toEqual([['production', 100]]);
  });
});

const PNG = gradientPng(4, 4);
const JPEG = gradientJpeg(8, 8);
const GIF = Buffer.from('GIF89a........');

describe('branding', () => {
  it('starts empty, stores what is sent and keeps what is not', async () => {
    const org = seed();
    const empty = await t.call('GET', '/organizations/me/branding', { key: org.key });
    expect(empty.body.data).toEqual({ color: null, email_reply_to: null, email_sender_name: null, footer: null, has_logo: false });
    const body = { color: '#1A2b3C', email_reply_to: 'ventas@tecnovalle.example.cr', email_sender_name: 'Tecnovalle', footer: 'Gracias por su compra', logo: PNG.toString('base64') };
    const res = await t.call('PUT', '/organizations/me/branding', { key: org.key, body });
    expect(res.status).toBe(200);
    const { logo: _logo, ...rest } = body;
    expect(res.body.data).toEqual({ ...rest, has_logo: true });
    const stored = getBranding(t.server.core.store.db, org.row.id)!;
    expect(stored.logoMime).toBe('image/png');
    expect(PNGJS.sync.read(stored.logo!).data).toEqual(PNGJS.sync.read(PNG).data); // the same pixels, re-encoded
    const partial = await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { footer: 'Pura vida' } });
    expect(partial.body.data).toEqual({ ...rest, footer: 'Pura vida', has_logo: true });
    expect((await t.call('GET', '/organizations/me/branding', { key: org.key })).body.data).toEqual(partial.body.data);
  });

  it('clears a member with an empty string, the logo too', async () => {
    const org = seed();
    expect((await t.call('GET', '/organizations/me/branding/logo', { key: org.key })).status).toBe(404);
    await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { color: '#000000', footer: 'x', logo: JPEG.toString('base64') } });
    expect(getBranding(t.server.core.store.db, org.row.id)?.logoMime).toBe('image/jpeg');
    // The stored logo itself (beyond the spec), for the Settings screen's preview.
    const stored = await fetch(`${t.url}/api/v1/organizations/me/branding/logo`, { headers: { authorization: `Bearer ${org.key}` } });
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    expect(imageSize(Buffer.from(await stored.arrayBuffer()))).toEqual({ width: 8, height: 8 });
    const res = await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { color: '', logo: '' } });
    expect(res.body.data).toEqual({ color: null, email_reply_to: null, email_sender_name: null, footer: 'x', has_logo: false });
    expect(getBranding(t.server.core.store.db, org.row.id)?.logo).toBeNull();
    expect((await t.call('GET', '/organizations/me/branding/logo', { key: org.key })).status).toBe(404);
  });

  it.each([
    ['a GIF', GIF.toString('base64')],
    ['text that is not base64', 'not base64 at all!'],
    ['a PNG over 512 KB', Buffer.concat([PNG, Buffer.alloc(512 * 1024)]).toString('base64')],
  ])('refuses %s as logo with 422 invalid_logo', async (_what, logo) => {
    const org = seed();
    const res = await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo, footer: 'not stored either' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_logo');
    expect(getBranding(t.server.core.store.db, org.row.id)).toBeUndefined();
  });

  it('accepts a PNG of exactly 512 KB and stores it without its metadata', async () => {
    const org = seed();
    const padded = gradientPng(4, 4, 512 * 1024 - PNG.length);
    expect(padded.length).toBe(512 * 1024);
    expect((await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo: padded.toString('base64') } })).status).toBe(200);
    const stored = getBranding(t.server.core.store.db, org.row.id)!.logo!;
    expect(stored.length).toBeLessThan(1024);
    expect(stored.includes('tEXt')).toBe(false);
  });

  it('validates color, reply-to, sender name and footer with field paths', async () => {
    const org = seed();
    const res = await t.call('PUT', '/organizations/me/branding', {
      key: org.key, body: { color: 'red', email_reply_to: 'nobody', email_sender_name: 'x'.repeat(101), footer: 'x'.repeat(301) },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.error.errors).sort()).toEqual(['color', 'email_reply_to', 'email_sender_name', 'footer']);
  });
});

describe('shared settings once the organization issues in production (issue 12, Security 3)', () => {
  it('a test key may no longer change the branding or the profile; a live key may', async () => {
    const org = seed();
    const live = seed({ mode: 'live' });
    for (const key of [org.key, live.key]) {
      expect((await t.call('PUT', '/organizations/me/branding', { key, body: { footer: 'sandbox' } })).status).toBe(200);
    }
    t.server.core.store.db.run(sql`update organizations set default_environment = 'production' where id = ${org.row.id}`); // gone live
    for (const [path, body] of [['/organizations/me/branding', { footer: 'PRUEBA' }], ['/organizations/me', { name: 'Otra tienda' }]] as const) {
      const res = await t.call('PUT', path, { key: org.key, body });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('live_key_required');
    }
    expect(getBranding(t.server.core.store.db, org.row.id)?.footer).toBe('sandbox');
    const liveOfSame = liveKeyOf(t, org);
    expect((await t.call('PUT', '/organizations/me/branding', { key: liveOfSame, body: { footer: 'Pura vida' } })).status).toBe(200);
    expect((await t.call('GET', '/organizations/me/branding', { key: org.key })).body.data.footer).toBe('Pura vida');
  });
});

describe('settings abilities', () => {
  it('needs settings:read to view and settings:manage to change, with an organization key', async () => {
    const reader = seed({ abilities: ['settings:read'] });
    for (const path of ['/organizations/me/consecutives', '/organizations/me/branding']) {
      expect((await t.call('GET', path, { key: reader.key })).status).toBe(200);
      const put = await t.call('PUT', path, { key: reader.key, body: path.endsWith('branding') ? { footer: 'x' } : counter() });
      expect(put.status).toBe(403);
      expect(put.body.error.code).toBe('forbidden');
      const none = seed({ abilities: ['settings:manage'] });
      expect((await t.call('GET', path, { key: none.key })).body.error.code).toBe('forbidden');
      expect((await t.call('GET', path, { key: t.accountKey })).body.error.code).toBe('organization_key_required');
    }
  });
});
