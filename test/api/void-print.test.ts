/**
 * A void's credit note is printed like any document issued on a till (docs/tills.md, "Printers"): the
 * original cash ticket of till 001-00002, accepted by the local tax-authority simulator, is voided with
 * POST /documents/{key}/void; the note comes out of the till's printer after the answer, as a credit note,
 * with the drawer pulse (the cash goes back to the customer), and the note's print state is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import { TestPrinter } from '../helpers/escpos-printer.ts';

let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;
let printer: TestPrinter;

beforeAll(async () => {
  ({ simulator, t, org } = await startDelivering());
  printer = await TestPrinter.start();
});
afterAll(async () => {
  await printer.close();
  await t.close();
  await simulator.close();
});

function cashTicket(): Body {
  const body = exampleRequest('04-tiquete', new Date(Date.now() - 60_000));
  body['issuer'] = { ...body['issuer'], id: org.row.identificationNumber };
  body['document'] = { ...body['document'], sucursal: '001', punto_venta: '2' };
  body['commercial_info'] = { ...body['commercial_info'], payment_method: 'cash' };
  return body;
}

const view = (key: string) => t.call('GET', `/electronic-documents/${key}`, { key: org.key }).then((r) => r.body.data);

describe('the credit note of a void', () => {
  it("is printed on the till's printer after the answer, with the drawer for the cash refund", async () => {
    const created = await t.call('POST', '/printers', { key: org.key, body: { name: 'Caja 2', connection: 'network', host: printer.host, port: printer.port, terminal: '00002', drawer: true } });
    expect(created.status, created.text).toBe(201);
    const issued = await t.call('POST', '/electronic-documents', { key: org.key, body: cashTicket() });
    expect(issued.status, issued.text).toBe(201);
    const original = issued.body.data as { document_key: string };
    await printer.waitForJobs(1);
    await expect.poll(async () => (await view(original.document_key)).status, { timeout: 20_000 }).toBe('accepted');

    const voided = await t.call('POST', `/documents/${original.document_key}/void`, { key: org.key, body: { reason: 'Cliente devolvió la compra' } });
    expect(voided.status, voided.text).toBe(201);
    const note = voided.body.data as { document_key: string; consecutive_number: string };
    expect(note.consecutive_number.slice(0, 10)).toBe('0010000203');
    const [, printed] = await printer.waitForJobs(2);
    const text = printed!.text.join('\n');
    expect(text).toContain(note.consecutive_number);
    expect(text).toMatch(/Nota de crédito/i);
    expect(text).not.toContain('COPIA');
    expect(printed!.commands.filter((c) => c.type === 'drawer')).toHaveLength(1);
    await expect.poll(async () => (await view(note.document_key)).print?.state, { timeout: 5_000 }).toBe('printed');
  }, 40_000);
});
