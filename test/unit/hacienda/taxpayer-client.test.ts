/**
 * The public taxpayer look-up client against the simulator's `fe/ae`: the register's answer, 404 for an
 * unknown number, and each fault (down, 5xx, slower than the timeout) as "unreachable".
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readTaxpayerAnswer, TaxpayerClient } from '../../../src/hacienda/taxpayer-client.ts';
import { startSimulator } from '../../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';

let sim: Simulator;
let client: TaxpayerClient;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  client = new TaxpayerClient({ baseUrl: sim.publicApiUrl, timeoutMs: 300 });
});
afterEach(() => {
  sim.faults = {};
});
afterAll(() => sim.close());

describe('TaxpayerClient', () => {
  it('reads a registered taxpayer, and keeps the answer as received', async () => {
    const result = await client.fetch('3101123456');
    expect(result).toMatchObject({
      outcome: 'found',
      answer: {
        nombre: 'SOLUCIONES TECNOLOGICAS DEL VALLE SOCIEDAD ANONIMA',
        tipoIdentificacion: '02',
        regimen: { codigo: '1', descripcion: 'Régimen General' },
        situacion: { moroso: 'NO', omiso: 'NO', estado: 'Inscrito' },
        actividades: [{ estado: 'A', tipo: 'P', codigo: '620100' }, { tipo: 'S', codigo: '620200' }],
      },
      payload: { regimen: { codigo: 1 } },
    });
  });

  it('says not found for a number the register does not know', async () => {
    expect(await client.fetch('111111111')).toEqual({ outcome: 'not_found' });
  });

  it('says unreachable when the service is down, failing or too slow', async () => {
    sim.faults = { down: true };
    expect(await client.fetch('109990999')).toMatchObject({ outcome: 'unreachable' });
    sim.faults = { status5xx: true };
    expect(await client.fetch('109990999')).toEqual({ outcome: 'unreachable', error: 'HTTP 503' });
    sim.faults = { slowMs: 1_000 };
    expect(await client.fetch('109990999')).toEqual({ outcome: 'unreachable', error: 'timeout' });
  });
});

describe('readTaxpayerAnswer', () => {
  it('needs a name and an identification type 01 to 04', () => {
    expect(readTaxpayerAnswer({ nombre: 'X', tipoIdentificacion: 1 })).toEqual({ nombre: 'X', tipoIdentificacion: '01', actividades: [] });
    expect(readTaxpayerAnswer({ nombre: '', tipoIdentificacion: '01' })).toBeUndefined();
    expect(readTaxpayerAnswer({ nombre: 'X', tipoIdentificacion: '07' })).toBeUndefined();
    expect(readTaxpayerAnswer(['X'])).toBeUndefined();
    expect(readTaxpayerAnswer(null)).toBeUndefined();
  });
});
