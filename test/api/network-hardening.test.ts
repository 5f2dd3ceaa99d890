/**
 * Issue 12, Security 6, 8 and 9 over HTTP: a logo "PNG bomb" is refused at upload, a document's
 * callback_url follows the webhooks' URL rules when the document is issued, and every answer carries the
 * headers that stop a browser from sniffing or framing it (the API docs page with a CSP of its own).
 */
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { blackPng, gradientJpeg, gradientPng, jpegHeader } from '../fixtures/image-headers.ts';
import { measuredStall } from '../helpers/loop-stall.ts';
import { getBranding } from '../../src/store/brandings.ts';
import { imageSize } from '../../src/pdf/image-size.ts';

let t: TestServer;
let org: SeededOrganization;

/** Issuing needs the signing certificate (the ATV user is never tried: no tax authority here). */
beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  const certificate = { certificate: makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64'), pin: TEST_PIN };
  const res = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { ...certificate, atv_user: 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr', atv_password: 'secreto' } });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
});
afterAll(async () => t.close());

describe('branding logo (Security 6)', () => {
  it('refuses a PNG bomb at once, naming the field, and keeps the logo it had', async () => {
    const good = (await QRCode.toBuffer('TecnoValle', { margin: 1, scale: 4 })).toString('base64');
    expect((await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo: good } })).status).toBe(200);
    const bomb = blackPng(11000, 11000);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const started = performance.now();
    const res = await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo: bomb.toString('base64'), footer: 'x' } });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_logo');
    expect(res.body.error.errors.logo[0]).toMatch(/11000 × 11000 píxeles/); // in the shopkeeper's language
    const logo = await t.call('GET', '/organizations/me/branding/logo', { key: org.key });
    expect(Buffer.from(logo.text, 'latin1').length).toBeGreaterThan(0);
    expect((await t.call('GET', '/organizations/me/branding', { key: org.key })).body.data.footer).not.toBe('x');
  });

  it('refuses a JPEG that declares too many pixels, and one that is wide but short', async () => {
    for (const [width, height] of [[5000, 5000], [6000, 10]] as const) {
      const res = await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo: jpegHeader(width, height).toString('base64') } });
      expect(res.status, `${width}×${height}`).toBe(422);
      expect(res.body.error.errors.logo[0]).toMatch(new RegExp(`${width} × ${height}`));
    }
  });

  it('accepts a logo within the limits, PNG or JPEG, and stores a copy of at most 1000 pixels a side', async () => {
    for (const [logo, mime, stored] of [
      [blackPng(2000, 2000), 'image/png', { width: 1000, height: 1000 }],
      [gradientJpeg(1600, 400), 'image/jpeg', { width: 1000, height: 250 }],
      [gradientPng(300, 80), 'image/png', { width: 300, height: 80 }],
    ] as const) {
      expect((await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo: logo.toString('base64') } })).status).toBe(200);
      const row = getBranding(t.server.core.store.db, org.row.id)!;
      expect(row.logoMime).toBe(mime);
      expect(imageSize(row.logo!)).toEqual(stored);
    }
    expect((await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo: '' } })).status).toBe(200);
  });

  it('decodes a 4-megapixel logo off the event loop', async () => {
    const logo = gradientPng(2000, 2000).toString('base64');
    const { result, maxStall } = await measuredStall(t.url, () => t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo } }));
    expect(result.status).toBe(200);
    expect(maxStall).toBeLessThan(1000);
  });

  it('refuses an image whose header is right but whose pixels cannot be decoded', async () => {
    for (const damaged of [jpegHeader(1600, 400), Buffer.concat([gradientPng(40, 40).subarray(0, 60), Buffer.alloc(200, 7)])]) {
      const res = await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo: damaged.toString('base64') } });
      expect(res.status).toBe(422);
      expect(res.body.error.errors.logo[0]).toBe('La imagen del logo está dañada: no se puede abrir.');
    }
  });
});

describe('callback_url when the document is issued (Security 8)', () => {
  const ticket = (callback: Record<string, unknown>): Body => ({ ...exampleRequest('04-tiquete', new Date(Date.now() - 60_000)), ...callback });

  it.each([
    ['callback_url', { callback_url: 'https://127.0.0.1/hook' }],
    ['callback_url', { callback_url: 'https://[::ffff:0:7f00:1]/hook' }],
    ['callback_url', { callback_url: 'https://[64:ff9b:1::a9fe:a9fe]/latest/meta-data' }],
    ['callback_url', { callback_url: 'https://[2001:0:4136:e378:8000:63bf:3f57:fefe]/hook' }],
    ['callback_url', { callback_url: 'http://pos.example.com/hook' }],
    ['callback_url', { callback_url: 'https://localhost/hook' }],
    ['api_config.callback_url', { api_config: { callback_url: 'https://192.168.1.20/hook' } }],
  ])('refuses %s %j with 422 before a number is taken', async (field, callback) => {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket(callback) });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.errors[field][0]).toMatch(/servidor público/);
  });

  it('refuses a private callback_url on a receiver message too', async () => {
    const body = { ...exampleRequest('receptor-mensaje'), issue_date: new Date(Date.now() - 86_400_000).toISOString(), callback_url: 'https://[::ffff:10.0.0.1]/hook' };
    const res = await t.call('POST', '/receptor-messages', { key: org.key, body });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.errors.callback_url[0]).toMatch(/servidor público/);
  });

  it('accepts a public https callback_url', async () => {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket({ callback_url: 'https://pos.example.com/hook' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});

describe('response headers (Security 9)', () => {
  it('the API docs page has a CSP, refuses to be framed and is not sniffed', async () => {
    for (const path of ['/docs', '/docs/', '/docs/static/index.html', '/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-initializer.js']) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBeLessThan(400);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toContain('unsafe-eval');
    }
  });

  it('JSON answers, errors and the logo are not sniffed', async () => {
    const logo = (await QRCode.toBuffer('TecnoValle', { margin: 1, scale: 4 })).toString('base64');
    await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { logo } });
    const answers = [
      await t.call('GET', '/auth/me', { key: org.key }),
      await t.call('GET', '/auth/me'),
      await t.call('GET', '/openapi.json'),
      await t.call('GET', '/organizations/me/branding/logo', { key: org.key }),
      await t.call('GET', '/no-such-route', { key: org.key }),
    ];
    for (const res of answers) expect(res.headers.get('x-content-type-options'), `${res.status} ${res.headers.get('content-type')}`).toBe('nosniff');
  });
});
