/**
 * GET /hacienda/taxpayers over real HTTP against the local simulator's public API (`fe/ae`): each kind of
 * identification lands in its array with the spec's fields, written any usual way; unknown numbers answer
 * no results with `query`; names are found among taxpayers looked up before; offline, the cache answers
 * (stale past its 24 h), and what is not cached is a 503 service_unavailable envelope; hacienda:query rules.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { startSimulator } from '../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';

let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;
let now = Date.parse('2026-11-25T18:00:00Z');

const HOUR = 60 * 60 * 1000;
const search = (query: string, key = org.key) => t.call('GET', `/hacienda/taxpayers?${query}`, { key });

beforeAll(async () => {
  simulator = await startSimulator({ port: 0 });
  t = await startTestServer({
    clock: { now: () => new Date(now) },
    hacienda: {
      staging: { idpUrl: simulator.idpUrlStaging, apiUrl: simulator.apiUrl },
      production: { idpUrl: simulator.idpUrlProduction, apiUrl: simulator.apiUrl },
      publicApiUrl: simulator.publicApiUrl,
    },
  });
  org = seedOrganization(t);
});
afterEach(() => {
  simulator.faults = {};
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

describe('look-up by identification', () => {
  it('a cédula física lands in cedulas_fisicas, its name split surnames first', async () => {
    const res = await search('q=109990999');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('miss');
    expect(Object.keys(res.body.data)).toEqual(['cedulas_fisicas']);
    expect(res.body.data.cedulas_fisicas).toEqual([{
      cedula: '109990999',
      id_raw: '109990999',
      class: '01',
      tipo: 'F',
      tipo_texto: 'Persona física',
      nombre: 'PEREZ MORA JUAN CARLOS',
      primer_nombre: 'JUAN',
      segundo_nombre: 'CARLOS',
      primer_apellido: 'PEREZ',
      segundo_apellido: 'MORA',
      apellidos: 'PEREZ MORA',
      razon_social: null,
      regimen: { codigo: '1', descripcion: 'Régimen General' },
      situacion: { moroso: 'NO', omiso: 'NO', estado: 'Inscrito', administracion_tributaria: 'Grandes Contribuyentes' },
      actividades: [{ estado: 'A', tipo: 'P', codigo: '472102', descripcion: 'VENTA AL POR MENOR DE FRUTAS Y VERDURAS' }],
      fetched_at: new Date(now).toISOString(),
    }]);
  });

  it('a cédula jurídica written with dashes lands in cedulas_juridicas with its razon_social', async () => {
    const res = await search(`q=${encodeURIComponent('3-101-123456')}`);
    expect(Object.keys(res.body.data)).toEqual(['cedulas_juridicas']);
    expect(res.body.data.cedulas_juridicas[0]).toMatchObject({
      cedula: '3101123456', id_raw: '3-101-123456', class: '02', tipo: 'J', tipo_texto: 'Persona jurídica',
      nombre: 'SOLUCIONES TECNOLOGICAS DEL VALLE SOCIEDAD ANONIMA', razon_social: 'SOLUCIONES TECNOLOGICAS DEL VALLE SOCIEDAD ANONIMA',
      primer_nombre: null, segundo_nombre: null, primer_apellido: null, segundo_apellido: null, apellidos: null,
    });
  });

  it('a DIMEX and a NITE land in taxpayers; cedula and identificacion are accepted too', async () => {
    const dimex = await search(`cedula=${encodeURIComponent('1558 1234 5678')}`);
    expect(Object.keys(dimex.body.data)).toEqual(['taxpayers']);
    expect(dimex.body.data.taxpayers[0]).toMatchObject({ cedula: '155812345678', class: '03', tipo: 'F', primer_apellido: 'SMITH', segundo_apellido: 'JONES', primer_nombre: 'JOHN', segundo_nombre: 'ROBERT' });
    const nite = await search('identificacion=4000123456');
    expect(nite.body.data.taxpayers[0]).toMatchObject({ cedula: '4000123456', class: '04', tipo: 'J', razon_social: 'EMBAJADA DE LA REPUBLICA DE EJEMPLO' });
  });

  it('a cédula física with a leading zero and spaces is the same taxpayer', async () => {
    const res = await search(`q=${encodeURIComponent(' 02-0555-0555 ')}`);
    expect(res.body.data.cedulas_fisicas[0]).toMatchObject({ cedula: '205550555', id_raw: '02-0555-0555', primer_apellido: 'DE LA O', segundo_apellido: 'RODRIGUEZ', primer_nombre: 'MARIA', segundo_nombre: 'DE LOS ANGELES' });
  });

  it('an unknown number answers no results, with the query, in the array of its kind', async () => {
    expect((await search('q=111111111')).body.data).toEqual({ cedulas_fisicas: [], query: '111111111' });
    expect((await search('q=3-101-999999')).body.data).toEqual({ cedulas_juridicas: [], query: '3-101-999999' });
    expect((await search('q=122200000000')).body.data).toEqual({ taxpayers: [], query: '122200000000' });
  });
});

describe('name search in the local cache', () => {
  it('finds taxpayers looked up before by words of their name, in any order and case, without accents', async () => {
    await search('q=109990999');
    const res = await search(`q=${encodeURIComponent('juan pérez')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBeNull();
    expect(res.body.data.taxpayers.map((p: { cedula: string }) => p.cedula)).toEqual(['109990999']);
    expect(res.body.data.taxpayers[0]).toMatchObject({ id_raw: '109990999', class: '01', primer_apellido: 'PEREZ' });
    const companies = await search('q=soluciones&limit=5');
    expect(companies.body.data.taxpayers[0]).toMatchObject({ cedula: '3101123456', tipo: 'J' });
  });

  it('answers no results with the query when nothing matches, even with the tax authority down', async () => {
    simulator.faults = { down: true };
    expect((await search('q=Nadie%20Conocido')).body.data).toEqual({ taxpayers: [], query: 'Nadie Conocido' });
  });
});

describe('offline', () => {
  it('answers a fresh cache entry without asking, then a stale one with X-Cache stale, and 503 for what is not cached', async () => {
    await search('q=3102654321');
    simulator.faults = { down: true };
    const fresh = await search('q=3102654321');
    expect(fresh.headers.get('x-cache')).toBe('hit');
    expect(fresh.body.message).toBeUndefined();

    now += 25 * HOUR;
    const stale = await search('q=3102654321');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('stale');
    expect(stale.body.message).toMatch(/^Respondido con la copia local del 2026-11-2\dT.*no se puede contactar a Hacienda/);
    expect(stale.body.data.cedulas_juridicas[0]).toMatchObject({ cedula: '3102654321', nombre: 'DISTRIBUIDORA EL SOL LIMITADA' });

    const unknown = await search('q=3101555555');
    expect(unknown.status).toBe(503);
    expect(unknown.headers.get('retry-after')).toBe('30');
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'service_unavailable', message: expect.stringMatching(/3101555555 no está guardado localmente/) }, api_version: '1.0' });

    simulator.faults = { status5xx: true };
    expect((await search('q=3102654321')).headers.get('x-cache')).toBe('stale');
    simulator.faults = {};
    const back = await search('q=3102654321');
    expect(back.headers.get('x-cache')).toBe('miss');
    expect(back.body.data.cedulas_juridicas[0].fetched_at).toBe(new Date(now).toISOString());
  });
});

describe('validation and abilities', () => {
  it('refuses missing, empty, over-long, ambiguous and malformed queries with 400 (query parameters, not a body)', async () => {
    const cases: [string, string, string][] = [
      ['', 'q', 'missing_param'],
      ['q=%20%20', 'q', 'missing_param'],
      [`q=${'a'.repeat(101)}`, 'q', 'invalid_request'],
      ['q=12345', 'q', 'invalid_request'],
      ['q=ab', 'q', 'invalid_request'],
      ['q=109990999&cedula=109990999', 'cedula', 'invalid_request'],
      ['cedula=juan', 'cedula', 'invalid_request'],
      ['q=juan&limit=0', 'limit', 'invalid_request'],
    ];
    for (const [query, field, code] of cases) {
      const res = await search(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe(code);
      expect(Object.keys(res.body.error.errors), query).toEqual([field]);
    }
  });

  it('needs hacienda:query and an organization key', async () => {
    const reader = seedOrganization(t, { identificationNumber: '3101777777' }, { abilities: ['invoices:read'] });
    const denied = await search('q=109990999', reader.key);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('forbidden');
    expect((await search('q=109990999', t.accountKey)).body.error.code).toBe('organization_key_required');
    expect((await t.call('GET', '/hacienda/taxpayers?q=109990999')).status).toBe(401);
  });

  it('is described in the OpenAPI document', async () => {
    const spec = (await t.call('GET', '/openapi.json')).body;
    const operation = spec.paths['/api/v1/hacienda/taxpayers'].get;
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(['q', 'cedula', 'identificacion', 'limit']);
    expect(operation.responses['200'].description).toMatch(/TaxpayerSearchResult/);
  });
});
