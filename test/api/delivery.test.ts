/**
 * Delivery end to end over real HTTP: the API issues, the outbox submits to the local Hacienda simulator and
 * polls the verdict; an outage queues documents (event document.queued) that reach the tax authority
 * exactly once when it is back; simulated verdicts of test keys never contact it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { readHaciendaMessage } from '../../src/hacienda/hacienda-message.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';
import { createServer, type Server } from 'node:http';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';


let simulator: Simulator;
let receiver: Server;
const deliveries: { event: string; id: string; body: string; signature: string }[] = [];
let t: TestServer;
let org: SeededOrganization;

function ticket(edit: (b: Body) => void = () => {}): Body {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
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
  // The point-of-sale receiver on this PC: allowed by the local administrator's setting.
  process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = '1';
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      deliveries.push({ event: String(req.headers['x-webhook-event']), id: String(req.headers['x-webhook-id']), body, signature: String(req.headers['x-webhook-signature-v2']) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  ({ simulator, t, org } = await startDelivering());
});
afterAll(async () => {
  await t.close();
  await simulator.close();
  receiver.close();
  delete process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
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

  it('tells a webhook the verdict, signed with its secret', async () => {
    const port = (receiver.address() as { port: number }).port;
    const created = await t.call('POST', '/webhooks', { key: org.key, body: { name: 'POS', url: `http://127.0.0.1:${port}/hooks`, events: ['document.signed', 'document.accepted'] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const secret = created.body.data.secret as string;
    const issued = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket() })).body.data;
    const mine = () => deliveries.filter((d) => JSON.parse(d.body).document_key === issued.document_key);
    await until(async () => mine().length, (n) => n >= 2, 30_000);
    expect(mine().map((d) => d.event).sort()).toEqual(['document.accepted', 'document.signed']);
    for (const d of mine()) {
      expect(verifyWebhookSignature(d.body, d.signature, secret, new Date()).valid).toBe(true);
      expect(d.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(JSON.parse(mine().find((d) => d.event === 'document.accepted')!.body)).toMatchObject({ status: 'accepted', hacienda_status: 'accepted', document_type: '04' });
  }, 40_000);

  it('asks the tax authority about a clave now (GET /hacienda/query)', async () => {
    const issued = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket() })).body.data;
    await until(() => statusOf(issued.document_key), (d) => d.status === 'accepted');
    const res = await t.call('GET', `/hacienda/query/${issued.document_key}`, { key: org.key });
    expect(res.body.data).toMatchObject({ clave: issued.document_key, status: 'accepted', ind_estado: 'aceptado', message: 'Aceptado' });
    const unknown = await t.call('GET', `/hacienda/query/${issued.document_key.slice(0, 42)}99999999`, { key: org.key });
    expect(unknown.status).toBe(404);
    simulator.faults.down = true;
    const down = await t.call('GET', `/hacienda/query/${issued.document_key}`, { key: org.key });
    simulator.faults.down = false;
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('service_unavailable');
    const status = await t.call('GET', '/hacienda/status', { key: org.key });
    expect(status.body.data.staging).toMatchObject({ has_certificate: true, has_credentials: true, last_check: expect.any(String), last_success: expect.any(String) });
    // The last contact survives the failed check after it (the screens' offline banner shows it).
    expect(status.body.data.staging.last_success <= status.body.data.staging.last_check).toBe(true);
    expect(status.body.data.production).toMatchObject({ has_certificate: false, has_credentials: false });
  }, 40_000);

  it('voids an accepted document with a credit note, once', async () => {
    const invoice = exampleRequest('01-factura', new Date(Date.now() - 60_000));
    const issued = (await t.call('POST', '/electronic-documents', { key: org.key, body: invoice })).body.data;
    await until(() => statusOf(issued.document_key), (d) => d.status === 'accepted');
    const voided = await t.call('POST', `/documents/${issued.document_key}/void`, { key: org.key, body: { reason: 'Cliente devolvió la compra' } });
    expect(voided.status, JSON.stringify(voided.body)).toBe(201);
    expect(voided.body.data).toMatchObject({ document_type: '03', voids: issued.document_key });
    expect(voided.body.data.consecutive_number.slice(0, 8)).toBe(issued.consecutive_number.slice(0, 8));
    const again = await t.call('POST', `/documents/${issued.document_key}/void`, { key: org.key, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_voided');
    // The original names its credit note (beyond the spec), in the document and in the list.
    expect((await t.call('GET', `/electronic-documents/${issued.document_key}`, { key: org.key })).body.data.voided_by).toBe(voided.body.data.document_key);
    const listed = (await t.call('GET', '/documents?per_page=100', { key: org.key })).body.data as { document_key: string; voided_by: string | null }[];
    expect(listed.find((d) => d.document_key === issued.document_key)?.voided_by).toBe(voided.body.data.document_key);
    expect(listed.find((d) => d.document_key === voided.body.data.document_key)?.voided_by).toBeNull();
    const note = await until(() => statusOf(voided.body.data.document_key), (d) => d.status === 'accepted');
    expect(note.total_amount).toBe(68228.2575);
    expect(note.signed_xml).toContain(`<InformacionReferencia><TipoDocIR>01</TipoDocIR><Numero>${issued.document_key}</Numero>`);
    const events = t.server.core.store.db.$client.prepare("SELECT payload FROM events WHERE type = 'document.voided'").all() as { payload: string }[];
    expect(events.map((e) => JSON.parse(e.payload))).toContainEqual(expect.objectContaining({ document_key: issued.document_key, credit_note_key: voided.body.data.document_key, hacienda_status: 'accepted' }));
  }, 40_000);

  it('gives test keys the simulated verdict they ask for without contacting the tax authority', async () => {
    const issued = (await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.api_config = { simulate: 'rejected' }; }) })).body.data;
    const doc = await until(() => statusOf(issued.document_key), (d) => d.status === 'rejected');
    expect(doc.status).toBe('rejected');
    expect(doc.rejections).toHaveLength(1);
    expect(simulator.received().some((r) => r.clave === issued.document_key)).toBe(false);
    const voidRejected = await t.call('POST', `/documents/${issued.document_key}/void`, { key: org.key, body: {} });
    expect(voidRejected.status).toBe(422);
    expect(voidRejected.body.error.code).toBe('document_not_accepted');
  });
});
