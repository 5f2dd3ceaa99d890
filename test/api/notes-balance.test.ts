/**
 * Each document's remaining balance over real HTTP, delivered to the local tax-authority simulator: a credit
 * note lowers it and may not pass it, a debit note raises it, a rejected note gives its amount back, a void
 * credits only what is left (a ticket's too, without a receiver; a gift's too, once), a void in error gives
 * its amount back once, and the document lists its notes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import { findDocument } from '../../src/store/documents.ts';
import { markError } from '../../src/store/document-status.ts';

let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;

beforeAll(async () => {
  ({ simulator, t, org } = await startDelivering());
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const view = (key: string) => t.call('GET', `/electronic-documents/${key}`, { key: org.key }).then((r) => r.body.data);
/** The document once it reached `status` (the simulator answers within a second or two). */
async function settled(key: string, status = 'accepted') {
  await expect.poll(async () => (await view(key)).status, { timeout: 20_000 }).toBe(status);
  return view(key);
}
const post = (body: Body) => t.call('POST', '/electronic-documents', { key: org.key, body });
const voidOf = (key: string, headers?: Record<string, string>) => t.call('POST', `/documents/${key}/void`, { key: org.key, body: {}, headers });

/** One line of `price` + 13 % VAT. */
const line = (price: number) => ({ cabys_code: '6331000000000', quantity: 1, unit: 'Os', description: 'Almuerzo ejecutivo', price, tax: { type: '01', rate_code: '08' } });

/** The walk-through's invoice: 10 lunches at ₡4,500 + VAT = ₡50,850. */
function invoice(): Body {
  const body = exampleRequest('01-factura', new Date(Date.now() - 60_000));
  body['items'] = [{ ...line(4500), quantity: 10 }];
  delete body['other_charges'];
  return body;
}

/** A credit (03) or debit (02) note of `price` + VAT on the document `clave`, issued at `date`. */
function note(type: '02' | '03', clave: string, date: string, price: number, edit: (b: Body) => void = () => {}): Body {
  const body = exampleRequest('03-nota-credito', new Date(Date.now() - 60_000));
  body['document'].document_type = type;
  body['items'] = [line(price)];
  body['reference'] = { document_type: '01', number: clave, date, code: type === '03' ? '14' : '04', reason: 'Corrige el monto' };
  edit(body);
  return body;
}

/** An accepted invoice of ₡50,850: its clave and date. */
async function acceptedInvoice(): Promise<{ clave: string; date: string }> {
  const body = invoice();
  const issued = await post(body);
  expect(issued.status, issued.text).toBe(201);
  await settled(issued.body.data.document_key);
  return { clave: issued.body.data.document_key, date: body['document'].date };
}

describe('remaining balance of a document', () => {
  it('voids a ticket with a credit note that has no receiver, once', async () => {
    const ticket = await post(exampleRequest('04-tiquete', new Date(Date.now() - 60_000)));
    const clave = ticket.body.data.document_key as string;
    expect((await settled(clave)).balance).toBe(5085);
    const voided = await voidOf(clave);
    expect(voided.status, voided.text).toBe(201);
    const creditNote = await settled(voided.body.data.document_key);
    expect(creditNote).toMatchObject({ total_amount: 5085, receptor_identification: null, referenced_document_key: clave, balance: null });
    expect(creditNote.signed_xml).not.toContain('<Receptor>');
    const original = await view(clave);
    expect(original).toMatchObject({ balance: 0, voided_by: creditNote.document_key });
    expect(original.related_documents).toEqual([expect.objectContaining({ document_key: creditNote.document_key, document_type: '03', status: 'accepted', total: 5085, balance_effect: -5085 })]);
    const again = await voidOf(clave);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_voided');
    // The screens ask in the shopkeeper's language: the refusal says why in Spanish, naming the credit note.
    const spanish = await voidOf(clave, { 'accept-language': 'es' });
    expect(spanish.body.error.message).toBe(`A ${clave} no le queda nada por acreditar: lo anuló ${creditNote.document_key}.`);
  }, 40_000);

  it('voids a ticket given away (total 0), once', async () => {
    const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
    body['items'] = [{ ...line(4500), discount: [{ amount: 4500, code: '07', reason: 'Cortesía de la casa' }] }];
    const ticket = await post(body);
    expect(ticket.status, ticket.text).toBe(201);
    const clave = ticket.body.data.document_key as string;
    expect((await settled(clave)).balance).toBe(0);
    const voided = await voidOf(clave);
    expect(voided.status, voided.text).toBe(201);
    const creditNote = await settled(voided.body.data.document_key);
    expect(creditNote.total_amount).toBe(0);
    expect(await view(clave)).toMatchObject({ balance: 0, voided_by: creditNote.document_key });
    const again = await voidOf(clave);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_voided');
  }, 40_000);

  it('lowers the balance by a partial credit note, voids only the remainder, then refuses any further credit', async () => {
    const { clave, date } = await acceptedInvoice();
    const partial = await post(note('03', clave, date, 7000));
    expect(partial.status, partial.text).toBe(201);
    expect((await view(clave)).balance).toBe(42940);

    const voided = await voidOf(clave);
    expect(voided.status, voided.text).toBe(201);
    const voidNote = await settled(voided.body.data.document_key);
    // ₡50,850 − ₡7,910: one line of ₡38,000 + VAT, referencing the invoice with code 01.
    expect(voidNote.total_amount).toBe(42940);
    expect(voidNote.signed_xml).toContain(`<Numero>${clave}</Numero><FechaEmisionIR>`);
    expect(voidNote.signed_xml).toContain('<Codigo>01</Codigo>');
    const original = await view(clave);
    expect(original.balance).toBe(0);
    expect(original.related_documents.map((n: { document_key: string; total: number; balance_effect: number }) => [n.document_key, n.total, n.balance_effect])).toEqual([
      [partial.body.data.document_key, 7910, -7910],
      [voided.body.data.document_key, 42940, -42940],
    ]);

    const again = await voidOf(clave);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_voided');
    const more = await post(note('03', clave, date, 1));
    expect(more.status).toBe(422);
    expect(more.body.error.code).toBe('validation_error');
    expect(more.body.error.errors['reference.number']).toEqual(['La nota (1.13 CRC) supera el saldo pendiente del comprobante referido (0.00 CRC).']);
  }, 60_000);

  it('refuses a note over the balance, in the request\'s language, before it takes a number', async () => {
    const { clave, date } = await acceptedInvoice();
    const first = await post(note('03', clave, date, 1000));
    const over = await post(note('03', clave, date, 45000, (b) => { b['reference'] = [b['reference']]; b['api_config'] = { language: 'en' }; }));
    expect(over.status).toBe(422);
    expect(over.body.error.errors).toEqual({ 'reference.0.number': ['The note (50850.00 CRC) exceeds the referenced document\'s remaining balance (49720.00 CRC).'] });
    const next = await post(note('03', clave, date, 1000));
    expect(Number(next.body.data.consecutive_number.slice(10))).toBe(Number(first.body.data.consecutive_number.slice(10)) + 1);
    expect((await view(clave)).balance).toBe(48590);
  }, 40_000);

  it('raises the balance by a debit note, which a credit note may then take back', async () => {
    const { clave, date } = await acceptedInvoice();
    const debit = await post(note('02', clave, date, 1000));
    expect(debit.status, debit.text).toBe(201);
    expect((await view(clave)).balance).toBe(51980);
    // The debit note moved the invoice's balance: it has none of its own, only what it can still take back.
    expect((await view(debit.body.data.document_key)).balance).toBe(1130);
    const all = await post(note('03', clave, date, 46000));
    expect(all.status, all.text).toBe(201);
    expect((await view(clave)).balance).toBe(0);
    expect((await view(debit.body.data.document_key)).balance).toBe(0);
  }, 40_000);

  it('voids no more than the document\'s own total: what a debit note added is voided with the debit note', async () => {
    const { clave, date } = await acceptedInvoice();
    const debit = (await post(note('02', clave, date, 1000))).body.data.document_key as string;
    await settled(debit);
    const voided = await voidOf(clave);
    expect(voided.status, voided.text).toBe(201);
    expect((await settled(voided.body.data.document_key)).total_amount).toBe(50850);
    expect((await view(clave)).balance).toBe(1130);
    const debitVoided = await voidOf(debit);
    expect(debitVoided.status, debitVoided.text).toBe(201);
    expect((await settled(debitVoided.body.data.document_key)).total_amount).toBe(1130);
    expect((await view(clave)).balance).toBe(0);
  }, 60_000);

  it('gives back the amount of a rejected note', async () => {
    const { clave, date } = await acceptedInvoice();
    const rejected = await post(note('03', clave, date, 7000, (b) => { b['api_config'] = { simulate: 'rejected' }; }));
    expect(rejected.status, rejected.text).toBe(201);
    await settled(rejected.body.data.document_key, 'rejected');
    const original = await view(clave);
    expect(original.balance).toBe(50850);
    expect(original.related_documents).toEqual([expect.objectContaining({ status: 'rejected', balance_effect: null })]);
  }, 40_000);

  it('gives a void\'s amount back once when its credit note ends in error, and the document may be voided again', async () => {
    const { clave } = await acceptedInvoice();
    simulator.faults.dropAfterReceipt = true; // received, never decided: the test records the error itself
    try {
      const voided = await voidOf(clave);
      expect(voided.status, voided.text).toBe(201);
      const { environment } = await view(clave);
      const store = t.server.core.store;
      const noteRow = findDocument(store.db, org.row.id, environment, voided.body.data.document_key)!;
      // Two jobs holding the same row: the second gives nothing back.
      markError(store, noteRow, 'the tax authority reported an error processing the document', new Date());
      markError(store, noteRow, 'the tax authority reported an error processing the document', new Date());
      expect(await view(clave)).toMatchObject({ balance: 50850, voided_by: null });
      const again = await voidOf(clave);
      expect(again.status, again.text).toBe(201);
      expect(await view(clave)).toMatchObject({ balance: 0, voided_by: again.body.data.document_key });
    } finally {
      simulator.faults.dropAfterReceipt = false;
    }
  }, 40_000);

  it('moves no balance for a note on a clave that is not one of the organization\'s documents', async () => {
    const { clave, date } = await acceptedInvoice();
    const elsewhere = `${clave.slice(0, 42)}99999999`; // the same consecutive under another security code
    const credit = await post(note('03', elsewhere, date, 100000));
    expect(credit.status, credit.text).toBe(201);
    expect(await view(credit.body.data.document_key)).toMatchObject({ referenced_document_key: null, balance: null });
    expect((await view(clave)).balance).toBe(50850);
  }, 40_000);

  it('lets only one of two notes issued at once take the same balance', async () => {
    const { clave, date } = await acceptedInvoice();
    const answers = await Promise.all([post(note('03', clave, date, 30000)), post(note('03', clave, date, 30000))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)!.body.error.errors).toHaveProperty(['reference.number']);
    expect((await view(clave)).balance).toBe(16950);
  }, 40_000);
});

describe('the documents list', () => {
  it('finds documents by the last digits of their consecutive', async () => {
    const issued = (await post(exampleRequest('04-tiquete', new Date(Date.now() - 60_000)))).body.data;
    const number = String(Number(issued.consecutive_number.slice(10)));
    const found = (await t.call('GET', `/documents?search=${number}`, { key: org.key })).body.data as { document_key: string; consecutive_number: string }[];
    expect(found.map((d) => d.document_key)).toContain(issued.document_key);
    expect(found.every((d) => d.consecutive_number.endsWith(number.padStart(10, '0')))).toBe(true);
    const whole = (await t.call('GET', `/documents?search=${issued.consecutive_number}`, { key: org.key })).body.data;
    expect(whole.map((d: { document_key: string }) => d.document_key)).toEqual([issued.document_key]);
  });
});

describe('the OpenAPI', () => {
  it('documents the balance, the notes and the search by last digits', async () => {
    const spec = (await t.call('GET', '/openapi.json')).body;
    const view = spec.paths['/api/v1/electronic-documents/{key}'].get.responses['200'].content['application/json'].schema.properties.data.properties;
    expect(Object.keys(view)).toEqual(expect.arrayContaining(['balance', 'related_documents', 'referenced_document_key', 'voided_by']));
    expect(view.related_documents.items.properties).toHaveProperty('balance_effect');
    const search = spec.paths['/api/v1/documents'].get.parameters.find((p: { name: string }) => p.name === 'search');
    expect(search.description).toMatch(/last digits/);
  });
});

describe('documents saved before balances were kept', () => {
  it('get their balance and notes at the next start', async () => {
    const { clave, date } = await acceptedInvoice();
    const partial = (await post(note('03', clave, date, 7000))).body.data;
    const before = await view(clave);
    t.server.core.store.db.$client.prepare('UPDATE documents SET balance = NULL, referenced_document_id = NULL, balance_document_id = NULL, balance_effect = NULL').run();
    await t.restart();
    const after = await view(clave);
    expect(after.balance).toBe(42940);
    const moves = (d: { related_documents: { document_key: string; balance_effect: number | null }[] }) => d.related_documents.map((n) => [n.document_key, n.balance_effect]);
    expect(moves(after)).toEqual(moves(before));
    expect((await view(partial.document_key)).referenced_document_key).toBe(clave);
  }, 40_000);
});
