/**
 * The Recepción client end to end against the simulator: real signed documents of several types are
 * submitted, polled to a verdict, and the signed MensajeHacienda is read back; plus duplicates, wrong
 * credentials and every fault.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readHaciendaMessage } from '../../../src/hacienda/hacienda-message.ts';
import { recepcionBodyFor } from '../../../src/hacienda/recepcion-body.ts';
import { RecepcionClient, type StatusResult } from '../../../src/hacienda/recepcion-client.ts';
import { startSimulator } from '../../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../../src/hacienda/simulator/types.ts';
import { TokenManager } from '../../../src/hacienda/token-manager.ts';
import { configFor, CREDENTIALS, mensajeHaciendaXsdErrors, signedExample, until, USERS } from './fixtures.ts';

let sim: Simulator;
let client: RecepcionClient;
let forced = new Map<string, 'aceptado' | 'rechazado'>();

function newClient(timeoutMs = 5_000): RecepcionClient {
  const config = configFor(sim);
  return new RecepcionClient({ config, tokens: new TokenManager({ config, timeoutMs }), timeoutMs });
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, users: USERS, decisionDelayMs: 20, verdictFor: (clave) => forced.get(clave) });
  client = newClient();
});
afterEach(() => {
  sim.faults = {};
  forced = new Map();
});
afterAll(() => sim.close());

function poll(key: string, c = client): Promise<StatusResult> {
  return until(() => c.status('staging', CREDENTIALS, key), (s) => s.outcome !== 'status' || s.state === 'aceptado' || s.state === 'rechazado');
}

describe('submit and poll real documents', () => {
  it.each(['01-factura', '03-nota-credito', '04-tiquete', '08-factura-compra', '09-factura-exportacion', '10-recibo-pago', 'receptor-mensaje'])(
    '%s is received and accepted with a signed, schema-valid MensajeHacienda', async (name) => {
      const body = recepcionBodyFor(signedExample(name));
      const key = body.consecutivoReceptor ? `${body.clave}-${body.consecutivoReceptor}` : body.clave;
      const submitted = await client.submit('staging', CREDENTIALS, body);
      expect(submitted).toMatchObject({ outcome: 'received' });
      const status = await poll(key);
      expect(status).toMatchObject({ outcome: 'status', state: 'aceptado' });
      const xml = (status as { responseXml: Buffer }).responseXml;
      expect(mensajeHaciendaXsdErrors(xml.toString('utf8'))).toBe('');
      const message = readHaciendaMessage(xml);
      expect(message).toMatchObject({ clave: body.clave, message: '1', state: 'aceptado', stateText: 'Aceptado', rejections: [] });
      // The simulator signs with a self-made certificate: valid, its chain to a Costa Rican root not verified.
      expect(message.signature).toMatchObject({ valid: true, problems: [], identity: { chain: { verified: false } } });
    });

  it('a document tampered after signing is rejected: bad signature and totals (-37)', async () => {
    const xml = signedExample('01-factura').replace(/<TotalComprobante>[\d.]+<\/TotalComprobante>/, '<TotalComprobante>99999.00000</TotalComprobante>');
    const body = recepcionBodyFor(xml);
    expect(await client.submit('staging', CREDENTIALS, body)).toMatchObject({ outcome: 'received' });
    const status = await poll(body.clave);
    expect(status).toMatchObject({ state: 'rechazado' });
    const responseXml = (status as { responseXml: Buffer }).responseXml;
    expect(mensajeHaciendaXsdErrors(responseXml.toString('utf8'))).toBe('');
    const message = readHaciendaMessage(responseXml, 'en');
    expect(message).toMatchObject({ message: '3', state: 'rechazado', stateText: 'Rechazado' });
    expect(message.signature.valid).toBe(true); // Hacienda's own signature is fine
    const codes = message.rejections.map((r) => r.error_code);
    expect(codes).toEqual(['signature_invalid', '-37']);
    expect(message.rejections[1]).toMatchObject({ row: 0, col: 0, friendly_message: expect.stringMatching(/totals/) });
    expect(message.detail).toMatch(/^Este comprobante fue procesado en el ambiente de pruebas/);
  });

  it('a document that breaks the schema is rejected with -1 lines naming the row', async () => {
    const xml = signedExample('04-tiquete').replace(/<CodigoActividadEmisor>\d+<\/CodigoActividadEmisor>/, '<CodigoActividadEmisor>ABC</CodigoActividadEmisor>');
    const body = recepcionBodyFor(xml);
    expect(await client.submit('staging', CREDENTIALS, body)).toMatchObject({ outcome: 'received' });
    const status = await poll(body.clave);
    const message = readHaciendaMessage((status as { responseXml: Buffer }).responseXml);
    const schema = message.rejections.filter((r) => r.error_code === '-1');
    expect(schema.length).toBeGreaterThan(0);
    expect(schema[0]).toMatchObject({ element_name: 'CodigoActividadEmisor', row: 1, friendly_message: expect.stringMatching(/esquema/) });
  });

  it('a forced rejection is honoured', async () => {
    const body = recepcionBodyFor(signedExample('01-factura'));
    forced.set(body.clave, 'rechazado');
    await client.submit('staging', CREDENTIALS, body);
    const message = readHaciendaMessage((await poll(body.clave) as { responseXml: Buffer }).responseXml);
    expect(message.rejections.map((r) => r.error_code)).toEqual(['-99']);
  });

  it('a second submission is a duplicate, and the simulator counted one reception', async () => {
    const body = recepcionBodyFor(signedExample('02-nota-debito'));
    expect(await client.submit('staging', CREDENTIALS, body)).toMatchObject({ outcome: 'received' });
    expect(await client.submit('staging', CREDENTIALS, body)).toMatchObject({ outcome: 'duplicate', cause: expect.stringMatching(/ya fue recibido anteriormente/) });
    expect(sim.received().filter((r) => r.clave === body.clave)).toHaveLength(1);
  });

  it('an inconsistent body is rejected with the cause', async () => {
    const body = recepcionBodyFor(signedExample('01-factura'));
    const result = await client.submit('staging', CREDENTIALS, { ...body, emisor: { tipoIdentificacion: '01', numeroIdentificacion: '101230456' } });
    expect(result).toMatchObject({ outcome: 'rejected', status: 400, cause: expect.stringMatching(/emisor/) });
  });

  it('an unknown clave is not_found; wrong credentials are credentials_rejected', async () => {
    expect(await client.status('staging', CREDENTIALS, '5'.repeat(50))).toMatchObject({ outcome: 'not_found' });
    const wrong = { ...CREDENTIALS, organizationId: 'other', password: 'wrong' };
    expect(await client.status('staging', wrong, '5'.repeat(50))).toMatchObject({ outcome: 'credentials_rejected' });
  });
});

describe('faults', () => {
  const body = (): ReturnType<typeof recepcionBodyFor> => recepcionBodyFor(signedExample('04-tiquete'));

  it('down: unreachable, then received once it is back', async () => {
    const b = body();
    sim.faults = { down: true };
    expect(await client.submit('staging', CREDENTIALS, b)).toMatchObject({ outcome: 'unreachable' });
    sim.faults = {};
    expect(await client.submit('staging', CREDENTIALS, b)).toMatchObject({ outcome: 'received' });
  });

  it('slow: a short client timeout makes it unreachable', async () => {
    const quick = newClient(300);
    expect(await quick.status('staging', CREDENTIALS, '5'.repeat(50))).toMatchObject({ outcome: 'not_found' }); // token cached
    sim.faults = { slowMs: 1_000 };
    expect(await quick.submit('staging', CREDENTIALS, body())).toMatchObject({ outcome: 'unreachable', error: 'timeout' });
  });

  it('5xx: unreachable', async () => {
    sim.faults = { status5xx: true };
    expect(await client.submit('staging', CREDENTIALS, body())).toMatchObject({ outcome: 'unreachable', error: expect.stringMatching(/503/) });
    expect(await client.status('staging', CREDENTIALS, '5'.repeat(50))).toMatchObject({ outcome: 'unreachable' });
  });

  it('token failure: unreachable before any submission', async () => {
    const fresh = newClient();
    sim.faults = { tokenFailure: true };
    const before = sim.received().length;
    expect(await fresh.submit('staging', CREDENTIALS, body())).toMatchObject({ outcome: 'unreachable' });
    expect(sim.received()).toHaveLength(before);
  });

  it('drop after receipt: received, but the status never leaves recibido', async () => {
    const b = body();
    sim.faults = { dropAfterReceipt: true };
    expect(await client.submit('staging', CREDENTIALS, b)).toMatchObject({ outcome: 'received' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await client.status('staging', CREDENTIALS, b.clave)).toMatchObject({ outcome: 'status', state: 'recibido' });
  });

  it('a 401 from the API renews the token once and retries', async () => {
    // The simulator restarting on the same port forgets every token; the client's cached one is dead.
    const port = sim.port;
    await sim.close();
    sim = await startSimulator({ port, users: USERS, decisionDelayMs: 20, verdictFor: (clave) => forced.get(clave) });
    const b = body();
    expect(await client.submit('staging', CREDENTIALS, b)).toMatchObject({ outcome: 'received' });
    expect(sim.received()).toHaveLength(1);
  });
});
