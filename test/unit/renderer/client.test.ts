/** The renderer's API client: where requests go, the anti-CSRF header, and errors from the envelope. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError, createClient, errorFromBody } from '../../../renderer/api/client.ts';
import { endpointFor } from '../../../renderer/api/endpoint.ts';

interface Seen { url: string; init: RequestInit }

function fakeFetch(status: number, body: unknown, seen: Seen[]): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('renderer API client', () => {
  it('reads the tax-rate table once for every screen, and asks again after a failure', async () => {
    const seen: Seen[] = [];
    let status = 503;
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(status === 200 ? { success: true, data: [{ code: '08', name: '13%', rate: 13 }] } : { success: false, error: { code: 'unavailable', message: 'busy' } }), { status });
    }) as typeof fetch;
    const client = createClient(endpointFor(undefined), fetchImpl);
    await expect(client.taxRates()).rejects.toBeInstanceOf(ApiRequestError);
    status = 200;
    expect(await client.taxRates()).toEqual([{ code: '08', name: '13%', rate: 13 }]);
    expect(await client.taxRates()).toEqual([{ code: '08', name: '13%', rate: 13 }]);
    expect(seen.map((s) => s.url)).toEqual(['/api/v1/reference/tax-rates', '/api/v1/reference/tax-rates']);
  });

  it('in a browser: same origin, the session cookie, and X-Facturador-CSRF on state-changing requests only', async () => {
    const seen: Seen[] = [];
    const client = createClient(endpointFor(undefined), fakeFetch(200, { success: true, data: [] }, seen));
    await client.documents();
    await client.issue({ document: {} });
    expect(seen[0]!.url).toBe('/api/v1/documents?per_page=50');
    expect(seen[0]!.init.credentials).toBe('same-origin');
    expect(seen[0]!.init.headers).not.toHaveProperty('X-Facturador-CSRF');
    expect(seen[1]!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'X-Facturador-CSRF': '1', 'content-type': 'application/json' } });
  });

  it('in the desktop shell: the API base URL of the preload bridge, still the cookie and the header, never a key', async () => {
    const seen: Seen[] = [];
    const client = createClient(endpointFor({ apiBaseUrl: 'http://127.0.0.1:4000/api/v1' }), fakeFetch(200, { success: true, data: { code: '1' } }, seen));
    await client.cabys('2391102020000');
    await client.issue({});
    expect(seen[0]!.url).toBe('http://127.0.0.1:4000/api/v1/reference/cabys/2391102020000');
    expect(seen[0]!.init.credentials).toBe('same-origin');
    expect(seen[1]!.init.headers).toMatchObject({ 'X-Facturador-CSRF': '1' });
    expect(JSON.stringify(seen.map((s) => s.init.headers))).not.toMatch(/authorization/i);
  });

  it('surfaces the error envelope as a message with its code and field errors', async () => {
    const client = createClient(endpointFor(undefined), fakeFetch(422, { success: false, error: { code: 'validation_error', message: 'Datos inválidos', errors: { 'items.0.price': ['debe ser positivo'] } } }, []));
    const error = await client.issue({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: 'validation_error', message: 'Datos inválidos (items.0.price: debe ser positivo)' });
  });

  it('names a body that is not an envelope by its HTTP status, and an unreachable server by network_error', async () => {
    expect(errorFromBody(502, undefined)).toMatchObject({ code: 'http_502', message: 'HTTP 502' });
    const down = createClient(endpointFor(undefined), (async () => { throw new TypeError('fetch failed'); }) as typeof fetch);
    await expect(down.status()).rejects.toMatchObject({ code: 'network_error' });
  });
});
