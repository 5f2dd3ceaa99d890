/** One delivery attempt against real local receivers: outcomes, timeout, redirects, pinning, https. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverOnce, type AttemptRequest } from '../../../src/webhooks/deliver.ts';
import type { Resolver } from '../../../src/webhooks/url-policy.ts';
import { selfSignedCertificate, startReceiver, status, type Receiver } from './receiver.ts';

const local = { allowLocal: true };
const strict = { allowLocal: false };
const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];

let r: Receiver;
beforeAll(async () => {
  r = await startReceiver();
});
afterAll(async () => r.close());

const request = (overrides: Partial<AttemptRequest> = {}): AttemptRequest => ({
  url: r.url(),
  body: '{"document_key":"x"}',
  headers: { 'Content-Type': 'application/json', 'X-Webhook-ID': 'abc' },
  timeoutSeconds: 5,
  policy: local,
  ...overrides,
});

describe('deliverOnce', () => {
  it('POSTs the exact body and headers; any 2xx is success', async () => {
    for (const code of [200, 201, 204, 299]) {
      r.received.length = 0;
      r.respond = status(code);
      const result = await deliverOnce(request());
      expect(result).toEqual({ successful: true, response_status: code, response_time_ms: expect.any(Number) });
      expect(r.received).toHaveLength(1);
      expect(r.received[0]).toMatchObject({ method: 'POST', path: '/hook', body: '{"document_key":"x"}' });
      expect(r.received[0]!.headers['x-webhook-id']).toBe('abc');
      expect(r.received[0]!.headers['content-type']).toBe('application/json');
    }
  });

  it('reports other statuses as failures with the status', async () => {
    for (const code of [400, 404, 500, 503, 304]) {
      r.respond = status(code);
      expect(await deliverOnce(request())).toMatchObject({ successful: false, response_status: code, error: `the receiver answered HTTP ${code}` });
    }
  });

  it('gives up at the per-attempt timeout', async () => {
    r.respond = (_req, res) => setTimeout(() => res.end('late'), 3000);
    const started = Date.now();
    const result = await deliverOnce(request({ timeoutSeconds: 1 }));
    expect(result).toMatchObject({ successful: false, error: 'timed out after 1 s' });
    expect(result.response_status).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('reports connection errors', async () => {
    const closed = await startReceiver();
    const url = closed.url();
    await closed.close();
    const result = await deliverOnce(request({ url }));
    expect(result.successful).toBe(false);
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it('follows up to 3 redirects, each re-POSTing the body, and refuses a 4th', async () => {
    const hops = (n: number) => {
      r.received.length = 0;
      r.respond = (req, res) => {
        const step = Number(/\/hop(\d+)/.exec(req.path)?.[1] ?? 0);
        if (step < n) {
          res.statusCode = step % 2 === 0 ? 307 : 302;
          res.setHeader('Location', `/hop${step + 1}`);
          res.end();
        } else res.end('ok');
      };
    };
    hops(3);
    expect(await deliverOnce(request({ url: r.url('/hop0') }))).toMatchObject({ successful: true, response_status: 200 });
    expect(r.received.map((x) => [x.path, x.body])).toEqual([0, 1, 2, 3].map((i) => [`/hop${i}`, '{"document_key":"x"}']));
    hops(4);
    expect(await deliverOnce(request({ url: r.url('/hop0') }))).toMatchObject({ successful: false, error: 'more than 3 redirects' });
    expect(r.received).toHaveLength(4);
  });

  it('re-checks every redirect with the URL policy', async () => {
    r.received.length = 0;
    r.respond = (_req, res) => {
      res.statusCode = 302;
      res.setHeader('Location', 'http://user:pw@127.0.0.1/creds');
      res.end();
    };
    expect(await deliverOnce(request())).toMatchObject({ successful: false, error: 'The URL must not contain credentials.' });
    expect(r.received).toHaveLength(1);
  });

  it('pins the connection to the resolved address and sends the name as Host', async () => {
    r.received.length = 0;
    r.respond = status(200);
    const result = await deliverOnce(request({ url: `http://pos.shop.example:${r.port}/hook`, resolver: toLoopback }));
    expect(result.successful).toBe(true);
    expect(r.received[0]!.headers.host).toBe(`pos.shop.example:${r.port}`);
  });

  it('without the local setting refuses a public-looking name that resolves to loopback, sending nothing', async () => {
    r.received.length = 0;
    const result = await deliverOnce(request({ url: `https://rebind.example.com:${r.port}/hook`, policy: strict, resolver: toLoopback }));
    expect(result).toMatchObject({ successful: false, error: expect.stringMatching(/non-public address 127\.0\.0\.1/) });
    expect(r.received).toHaveLength(0);
  });

  it('without the local setting refuses http and loopback URLs before connecting', async () => {
    expect(await deliverOnce(request({ policy: strict }))).toMatchObject({ successful: false, error: 'The URL must use https.' });
  });
});

describe('deliverOnce over https', () => {
  let tls: Receiver;
  let cert: { key: string; cert: string };
  beforeAll(async () => {
    cert = selfSignedCertificate('pos.shop.example');
    tls = await startReceiver({ tls: cert, host: 'pos.shop.example' });
  }, 30_000);
  afterAll(async () => tls.close());

  it('verifies the certificate against the URL host while connecting to the pinned address', async () => {
    const result = await deliverOnce({ ...request({ url: tls.url(), resolver: toLoopback }), ca: cert.cert });
    expect(result).toMatchObject({ successful: true, response_status: 200 });
    expect(tls.received[0]!.body).toBe('{"document_key":"x"}');
  });

  it('fails on an untrusted certificate', async () => {
    const result = await deliverOnce(request({ url: tls.url(), resolver: toLoopback }));
    expect(result.successful).toBe(false);
    expect(result.error).toMatch(/SELF_SIGNED|self-signed/i);
  });

  it('fails when the certificate is for another name', async () => {
    const result = await deliverOnce({ ...request({ url: `https://other.example:${tls.port}/hook`, resolver: toLoopback }), ca: cert.cert });
    expect(result.successful).toBe(false);
    expect(result.error).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID|altnames/i);
  });
});
