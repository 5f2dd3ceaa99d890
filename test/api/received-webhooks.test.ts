/**
 * The `received.*` webhooks end to end over real HTTP: a supplier's document uploaded twice is announced once;
 * our answer is announced, then the tax authority's verdict on it (the local simulator accepts the
 * MensajeReceptor); a window that closes unanswered is announced as tacit acceptance. Deliveries go to a real
 * local receiver (the local-webhooks setting on, as a shop's point-of-sale software on the same PC would need).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { verifyWebhookSignature } from '../../src/webhooks/signature.ts';
import { startReceiver, type Receiver } from '../unit/webhooks/receiver.ts';
import { foreignDocument } from '../fixtures/archive-documents.ts';

const OWNER = '3101123456';
const SUPPLIER = '3101999999';
let simulator: Simulator;
let receiver: Receiver;
let t: TestServer;
let org: SeededOrganization;
let secret: string;
// The server's clock, moved forward by the last test to pass a deadline.
let shift = 0;
const clock = { now: () => new Date(Date.now() + shift) };

beforeAll(async () => {
  receiver = await startReceiver();
  process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'] = '1';
  ({ simulator, t, org } = await startDelivering({ clock }));
  const events = ['received.stored', 'received.answered', 'received.answer_accepted', 'received.answer_rejected', 'received.tacitly_accepted'];
  const created = await t.call('POST', '/webhooks', { key: org.key, body: { name: 'Compras', url: receiver.url(), events } });
  expect(created.status, created.text).toBe(201);
  secret = created.body.data.secret;
}, 60_000);
afterAll(async () => {
  await t.close();
  await simulator.close();
  await receiver.close();
  delete process.env['FACTURADOR_ALLOW_LOCAL_WEBHOOKS'];
});

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The deliveries of `event` about `clave`, their bodies parsed. */
const delivered = (event: string, clave: string) =>
  receiver.received.filter((r) => r.headers['x-webhook-event'] === event).map((r) => ({ ...r, json: JSON.parse(r.body) })).filter((r) => r.json.document_key === clave);

let serial = 0;
// Issued a few days ago: its answer window (the next month's first 8 business days) is still open.
const supplierDocument = () => foreignDocument(++serial, { issuerId: SUPPLIER, receiverId: OWNER, issuedAt: new Date(Date.now() - 3 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z') });

async function upload(xml: Buffer) {
  const res = await fetch(`${t.url}/api/v1/received-documents`, { method: 'POST', headers: { authorization: `Bearer ${org.key}`, 'content-type': 'application/xml' }, body: new Uint8Array(xml) });
  return (await res.json()).data.files[0];
}

describe('received.* webhooks', () => {
  const doc = supplierDocument();

  it('announce a supplier\'s document once, though it is uploaded twice', async () => {
    expect(await upload(doc.xml)).toMatchObject({ status: 'stored' });
    expect(await upload(doc.xml)).toMatchObject({ status: 'duplicate' });
    const [first] = await until(() => delivered('received.stored', doc.clave), (d) => d.length > 0);
    expect(first!.json).toEqual({
      document_key: doc.clave, document_type: '01', consecutive_number: doc.consecutive, supplier: { identification: SUPPLIER, name: expect.any(String) },
      total: expect.stringMatching(/^\d+\.\d{5}$/), tax: expect.stringMatching(/^\d+\.\d{5}$/), currency: 'CRC',
      answer_due: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), state: 'pending', claimable: false,
    });
    expect(verifyWebhookSignature(first!.body, first!.headers['x-webhook-signature-v2'] as string, secret, new Date()).valid).toBe(true);
  });

  it('announce our answer, then the tax authority\'s acceptance of it', async () => {
    const res = await t.call('POST', `/received-documents/${doc.clave}/answer`, { key: org.key, body: { message: 1 } });
    expect(res.status, res.text).toBe(201);
    const [answered] = await until(() => delivered('received.answered', doc.clave), (d) => d.length > 0);
    expect(answered!.json).toEqual({
      document_key: doc.clave, message: 1, state: 'accepted', answer_document_id: res.body.data.answer_document_id, answer_consecutive: expect.stringMatching(/^\d{8}05\d{10}$/),
    });
    const [accepted] = await until(() => delivered('received.answer_accepted', doc.clave), (d) => d.length > 0);
    expect(accepted!.json).toEqual({ document_key: doc.clave, answer_consecutive: answered!.json.answer_consecutive, hacienda_status: 'accepted', hacienda_message: expect.any(String) });
    // Each change once: the second upload of the first test announced nothing.
    expect(delivered('received.stored', doc.clave)).toHaveLength(1);
    expect(delivered('received.answered', doc.clave)).toHaveLength(1);
    expect(delivered('received.answer_rejected', doc.clave)).toHaveLength(0);
  }, 60_000);

  it('announce a document left unanswered past its deadline as tacitly accepted, once', async () => {
    const silent = supplierDocument();
    expect(await upload(silent.xml)).toMatchObject({ status: 'stored' });
    const shown = await t.call('GET', `/received-documents/${silent.clave}`, { key: org.key });
    shift = 70 * 86_400_000; // past the first 8 business days of next month
    const after = await t.call('GET', `/received-documents/${silent.clave}`, { key: org.key });
    expect(after.body.data.state).toBe('tacitly_accepted');
    const [tacit] = await until(() => delivered('received.tacitly_accepted', silent.clave), (d) => d.length > 0);
    expect(tacit!.json).toEqual({ document_key: silent.clave, answer_due: shown.body.data.answer_due });
    await t.call('GET', '/received-documents', { key: org.key }); // read again: settled already, nothing more
    await new Promise((r) => setTimeout(r, 1_500));
    expect(delivered('received.tacitly_accepted', silent.clave)).toHaveLength(1);
    expect(delivered('received.tacitly_accepted', doc.clave)).toHaveLength(0); // answered: never tacit
  }, 60_000);
});
