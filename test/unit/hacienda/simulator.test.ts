/** The simulator's wire protocol, spoken with plain fetch: IdP, POST/GET /recepcion, /comprobantes, errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recepcionBodyFor } from '../../../src/hacienda/recepcion-body.ts';
import { startSimulator } from '../../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';
import { verifyXml } from '../../../src/signing/verify.ts';
import { mensajeHaciendaXsdErrors, PASSWORD, signedExample, until, USER, USERS } from './fixtures.ts';

let sim: Simulator;
let token: string;

async function login(fields: Record<string, string>, url = sim.idpUrlStaging): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

function post(body: unknown, bearer = token): Promise<Response> {
  return fetch(`${sim.apiUrl}recepcion`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `bearer ${bearer}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function get(path: string): Promise<Response> {
  return fetch(`${sim.apiUrl}${path}`, { headers: { Authorization: `bearer ${token}` } });
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, users: USERS });
  const response = await login({ grant_type: 'password', client_id: 'api-stag', username: USER, password: PASSWORD });
  token = ((await response.json()) as { access_token: string }).access_token;
});
afterAll(() => sim.close());

describe('simulator IdP', () => {
  it('grants tokens with the lifetimes of the real IdP', async () => {
    const response = await login({ grant_type: 'password', client_id: 'api-stag', username: USER, password: PASSWORD });
    expect(response.status).toBe(200);
    const grant = await response.json();
    expect(grant).toMatchObject({ expires_in: 300, refresh_expires_in: 36000, token_type: 'bearer' });
    const refreshed = await login({ grant_type: 'refresh_token', client_id: 'api-stag', refresh_token: grant.refresh_token });
    expect(refreshed.status).toBe(200);
    // Refresh tokens rotate: the used one is dead.
    const again = await login({ grant_type: 'refresh_token', client_id: 'api-stag', refresh_token: grant.refresh_token });
    expect(again.status).toBe(400);
  });

  it('refuses wrong passwords, and the wrong client id for the realm', async () => {
    const wrong = await login({ grant_type: 'password', client_id: 'api-stag', username: USER, password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const prodClient = await login({ grant_type: 'password', client_id: 'api-stag', username: USER, password: PASSWORD }, sim.idpUrlProduction);
    expect(prodClient.status).toBe(401);
    const prod = await login({ grant_type: 'password', client_id: 'api-prod', username: USER, password: PASSWORD }, sim.idpUrlProduction);
    expect(prod.status).toBe(200);
  });
});

describe('simulator recepcion', () => {
  it('requires a bearer token', async () => {
    expect((await post({}, 'not-a-token')).status).toBe(401);
  });

  it('answers 400 with X-Error-Cause for malformed or inconsistent bodies', async () => {
    const bad = await post('{not json');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-error-cause')).toMatch(/validation-exception/);
    const missing = await post({ clave: 'x' });
    expect(missing.headers.get('x-error-cause')).toMatch(/validation-exception/);

    const body = recepcionBodyFor(signedExample('04-tiquete'));
    const otherIssuer = await post({ ...body, emisor: { tipoIdentificacion: '02', numeroIdentificacion: '3101999999' } });
    expect(otherIssuer.status).toBe(400);
    expect(otherIssuer.headers.get('x-error-cause')).toMatch(/emisor/);
    const otherClave = await post({ ...body, clave: `${body.clave.slice(0, 42)}99999999` });
    expect(otherClave.headers.get('x-error-cause')).toMatch(/no coincide/);
    const mr = recepcionBodyFor(signedExample('receptor-mensaje'));
    const noConsecutive = await post({ ...mr, consecutivoReceptor: undefined });
    expect(noConsecutive.headers.get('x-error-cause')).toMatch(/consecutivoReceptor/);
    const notXml = await post({ ...body, comprobanteXml: Buffer.from('hola').toString('base64') });
    expect(notXml.headers.get('x-error-cause')).toMatch(/base64/);
  });

  it('accepts with 202 and Location, rejects a second submission as already received, and decides', async () => {
    const body = recepcionBodyFor(signedExample('01-factura'));
    const first = await post(body);
    expect(first.status).toBe(202);
    expect(first.headers.get('location')).toBe(`${sim.apiUrl}recepcion/${body.clave}`);
    const second = await post(body);
    expect(second.status).toBe(400);
    expect(second.headers.get('x-error-cause')).toBe(`El comprobante [${body.clave}] ya fue recibido anteriormente.`);
    expect(sim.received().filter((r) => r.clave === body.clave)).toHaveLength(1);

    const status = await until(async () => (await get(`recepcion/${body.clave}`)).json(), (s) => s['ind-estado'] === 'aceptado');
    expect(status).toMatchObject({ clave: body.clave, 'ind-estado': 'aceptado' });
    const xml = Buffer.from(status['respuesta-xml'], 'base64').toString('utf8');
    expect(mensajeHaciendaXsdErrors(xml)).toBe('');
    expect(verifyXml(xml).problems).toEqual([]);
    expect(xml).toContain('<EstadoMensaje>Aceptado</EstadoMensaje>');
  });

  it('answers 404 with X-Error-Cause for unknown claves and lists what it received', async () => {
    const unknown = await get(`recepcion/${'5'.repeat(50)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-error-cause')).toMatch(/no ha sido recibido/);
    const list = await get('comprobantes?limit=50&emisor=3101123456');
    expect([200, 206]).toContain(list.status);
    const items = (await list.json()) as { clave: string }[];
    expect(items.length).toBeGreaterThan(0);
    const one = await get(`comprobantes/${items[0]!.clave}`);
    expect(one.status).toBe(200);
  });
});
