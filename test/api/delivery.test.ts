/**
 * Delivery end to end over real HTTP: the API issues, the outbox submits to the local Hacienda simulator and
 * polls the verdict; an outage queues documents (event document.queued) that reach the tax authority
 * exactly once when it is back; simulated verdicts of test keys never contact it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { makeTestP12, TEST_PIN } from '../fixtures/certificates.ts';
import { startSimulator } from '../../src/hacienda/simulator/server.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { readHaciendaMessage } from '../../src/hacienda/hacienda-message.ts';

const USER = 'cpj-3-101-123456@stag.comprobanteselectronicos.go.cr';
const PASSWORD = 'contraseña-ATV';

let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;

function ticket(edit: (b: Record<string, any>) => void = () => {}) { // eslint-disable-line @typescript-eslint/no-explicit-any
  const body = JSON.parse(readFileSync(new URL('../../examples/requests/04-tiquete.json', import.meta.url), 'utf8'));
  body.document.date = new Date(Date.now() - 60_000).toISOString();
  edit(body);
  return body;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const statusOf = (key: string) => t.call('GET', `/electronic-documents/${key}`, { key: org.key }).then((r) => r.body.data);

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, users: { [USER]: PASSWORD } });
  t = await startTestServer({
    delivery: true,
    hacienda: { staging: { idpUrl: simulator.idpUrlStaging, apiUrl: simulator.apiUrl }, production: { idpUrl: simulator.idpUrlProduction, apiUrl: simulator.apiUrl } },
  });
  org = seedOrganization(t);
  const p12 = makeTestP12({ pin: TEST_PIN, algorithm: '3des' }).toString('base64');
  const res = await t.call('POST', '/organizations/me/certificate', { key: org.key, body: { certificate: p12, pin: TEST_PIN, atv_user: USER, atv_password: PASSWORD } });
  expect(res.status).toBeLessThan(300);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

describe('delivery to the tax authority', () => {
  it('takes an issued document to accepted, with the signed MensajeHacienda stored', async () => {
    const issued = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket() })).body.data;
    const doc = await until(() => statusOf(issued.document_key), (d) => d.status === 'accepted');
    expect(doc).toMatchObject({ status: 'accepted', hacienda_status: 'accepted', rejections: [] });
    expect(doc.hacienda_response_at).toEqual(expect.any(String));
    const response = await t.call('GET', `/documents/${issued.document_key}/response-xml`, { key: org.key });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${issued.document_key}_respuesta.xml"`);
    const message = readHaciendaMessage(Buffer.from(response.text));
    expect(message).toMatchObject({ clave: issued.document_key, state: 'aceptado' });
    expect(message.signature.valid).toBe(true);
    expect(simulator.received().filter((r) => r.clave === issued.document_key)).toHaveLength(1);
  });

  it('queues documents while the tax authority is down and delivers each exactly once when it is back', async () => {
    simulator.faults.down = true;
    const keys: string[] = [];
    for (let i = 0; i < 3; i++) keys.push((await t.call('POST', '/electronic-documents', { key: org.key, body: ticket() })).body.data.document_key);
    for (const key of keys) expect((await until(() => statusOf(key), (d) => d.status === 'queued')).status).toBe('queued');
    const events = t.server.core.store.db.$client.prepare("SELECT payload FROM events WHERE type = 'document.queued'").all() as { payload: string }[];
    expect(events.map((e) => JSON.parse(e.payload).document_key)).toEqual(expect.arrayContaining(keys));
    simulator.faults.down = false;
    t.server.core.outbox.wake();
    for (const key of keys) expect((await until(() => statusOf(key), (d) => d.status === 'accepted', 30_000)).status).toBe('accepted');
    for (const key of keys) expect(simulator.received().filter((r) => r.clave === key)).toHaveLength(1);
  }, 60_000);

  it('gives test keys the simulated verdict they ask for without contacting the tax authority', async () => {
    const issued = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.api_config = { simulate: 'rejected' }; }) })).body.data;
    const doc = await until(() => statusOf(issued.document_key), (d) => d.status === 'rejected');
    expect(doc.status).toBe('rejected');
    expect(doc.rejections).toHaveLength(1);
    expect(simulator.received().some((r) => r.clave === issued.document_key)).toBe(false);
  });
});
