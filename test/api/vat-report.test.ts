/**
 * The monthly VAT worksheet over real HTTP: documents issued through POST /electronic-documents and accepted by
 * the local tax-authority simulator — an invoice (13 % services and 1 % goods), a ticket for a health service
 * paid by card (4 %, VAT refunded), a credit note on the invoice, a purchase invoice (FEC) and an export invoice
 * in dollars — then GET /reports/vat for their month: the figures equal the documents' own summary totals to the
 * céntimo, each line lists its documents, the CSV and the PDF come as attachments with the notice in them, and a
 * bad request is refused in the spec's envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../src/domain/money.ts';
import { displayAmount } from '../../src/domain/amount-text.ts';
import { costaRicaDate } from '../../src/domain/costa-rica-time.ts';
import { startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';
import { pdfText } from '../helpers/pdf.ts';
import { writeMensajeHacienda } from '../../src/hacienda/simulator/message-writer.ts';
import { simulatorIdentity } from '../../src/hacienda/simulator/key.ts';
import { signXml } from '../../src/signing/xades-signer.ts';
import { foreignDocument, type ForeignDocument } from '../fixtures/archive-documents.ts';

let simulator: Simulator;
let t: TestServer;
let org: SeededOrganization;
const month = costaRicaDate(new Date()).slice(0, 7);

/** A document's ResumenFactura figures, read from its signed XML. */
interface Summary {
  clave: string;
  type: string;
  net: Dec;
  tax: Dec;
  ivaReturned: Dec;
  rate: Dec;
}

const docs: Record<'invoice' | 'ticket' | 'credit' | 'purchase' | 'export', Summary> = {} as never;

function summaryOf(view: Body): Summary {
  const xml = view.signed_xml as string;
  const read = (tag: string) => new Dec(new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(xml)?.[1] ?? '0');
  return { clave: view.document_key, type: view.document_type, net: read('TotalVentaNeta'), tax: read('TotalImpuesto'), ivaReturned: read('TotalIVADevuelto'), rate: read('TipoCambio') };
}

async function issueAccepted(body: Body): Promise<Summary> {
  const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
  expect(res.status, res.text).toBe(201);
  const key = res.body.data.document_key as string;
  const end = Date.now() + 20_000;
  for (;;) {
    const view = (await t.call('GET', `/electronic-documents/${key}`, { key: org.key })).body.data;
    if (view.status === 'accepted') return summaryOf(view);
    if (Date.now() > end || view.status === 'rejected' || view.status === 'error') throw new Error(`${key} ended ${view.status}: ${view.hacienda_message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const at = () => new Date(Date.now() - 60_000);

const OWNER = '3101123456';
const SUPPLIER = '3101999999';
/** A supplier's invoice to the organization, of this month, with the tax authority's answer (1 accepted, 3 rejected). */
let supplierSerial = 0;
function supplierFiles(verdict: 1 | 3): { doc: ForeignDocument; files: [string, Buffer][] } {
  const doc = foreignDocument(++supplierSerial, { issuerId: SUPPLIER, receiverId: OWNER, issuedAt: at().toISOString().replace(/\.\d+Z$/, 'Z') });
  const total = /<TotalComprobante>([^<]+)</.exec(doc.xml.toString())![1]!;
  const answer = writeMensajeHacienda({ clave: doc.clave, issuerName: 'Proveedor S.A.', issuerIdType: '02', issuerId: SUPPLIER, receiverIdType: '02', receiverId: OWNER, message: verdict, detail: verdict === 1 ? 'Aceptado' : 'Rechazado', total });
  return { doc, files: [['FE.xml', doc.xml], ['MH.xml', Buffer.from(signXml(answer, simulatorIdentity()))]] };
}
async function receive(verdict: 1 | 3): Promise<Summary> {
  const { doc, files } = supplierFiles(verdict);
  const form = new FormData();
  for (const [name, bytes] of files) form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/xml' }), name);
  const res = await fetch(`${t.url}/api/v1/received-documents`, { method: 'POST', headers: { authorization: `Bearer ${org.key}` }, body: form });
  const body = await res.json();
  expect([res.status, body.data.stored], JSON.stringify(body)).toEqual([200, 1]);
  return summaryOf({ document_key: doc.clave, document_type: '01', signed_xml: doc.xml.toString() });
}
const supplier: Record<'unanswered' | 'partial' | 'refused', Summary> = {} as never;

beforeAll(async () => {
  ({ simulator, t, org } = await startDelivering());
  const invoice = exampleRequest('01-factura', at());
  docs.invoice = await issueAccepted(invoice);
  const ticket = exampleRequest('04-tiquete', at());
  ticket['commercial_info'].payment_method = 'card';
  ticket['items'] = [{ cabys_code: '9310100000300', quantity: 1, unit: 'Sp', description: 'Consulta médica', price: 30000, tax: { type: '01', rate_code: '04' } }];
  ticket['totals'] = { total_iva_returned: '1200' };
  docs.ticket = await issueAccepted(ticket);
  const credit = exampleRequest('03-nota-credito', at());
  // One of the invoice's two hours of consulting taken back: ₡25,000 + 13 %.
  credit['items'] = [{ ...credit['items'][0], quantity: 1, discounts: undefined }];
  credit['reference'] = { ...credit['reference'], number: docs.invoice.clave, date: invoice['document'].date, code: '14', reason: 'Corrige el monto' };
  docs.credit = await issueAccepted(credit);
  docs.purchase = await issueAccepted(exampleRequest('08-factura-compra', at()));
  docs.export = await issueAccepted(exampleRequest('09-factura-exportacion', at()));
  supplier.unanswered = await receive(1);
  supplier.partial = await receive(1);
  supplier.refused = await receive(3); // the tax authority rejected it: no credit
  const answered = await t.call('POST', `/received-documents/${supplier.partial.clave}/answer`, {
    key: org.key, body: { message: 2, detail: 'Parte del pedido llegó dañada', tax_condition: '02', creditable_tax: '1000.5' },
  });
  expect(answered.status, answered.text).toBe(201);
}, 120_000);
afterAll(async () => {
  await t.close();
  await simulator.close();
});

const cents = (d: Dec) => d.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
const worksheet = async (query = '', headers: Record<string, string> = {}) => {
  const res = await t.call('GET', `/reports/vat?month=${month}${query}`, { key: org.key, headers });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};
type Line = { id: string; label: string; base: string | null; tax: string | null; amount: string | null; documents: number };
const linesOf = (data: Body, section: string): Record<string, Line> =>
  Object.fromEntries((data.sections as { id: string; lines: Line[] }[]).find((s) => s.id === section)!.lines.map((l) => [l.id, l]));
const download = async (query: string) => {
  const res = await fetch(`${t.url}/api/v1/reports/vat?month=${month}${query}`, { headers: { authorization: `Bearer ${org.key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('GET /reports/vat', () => {
  it('adds the month\'s sales to the céntimo of the documents\' own totals', async () => {
    const data = await worksheet();
    expect(data).toMatchObject({ month, currency: 'CRC' });
    const sales = linesOf(data, 'sales');
    const { invoice, ticket, credit, purchase } = docs;
    // Invoice + ticket − credit note, all in colones: every line of them is taxed.
    const taxedIds = Object.keys(sales).filter((id) => /^sales_\d{2}_(goods|services)$/.test(id));
    const added = (pick: 'base' | 'tax') => taxedIds.reduce((acc, id) => acc.plus(sales[id]![pick]!), new Dec(0));
    expect(cents(added('base'))).toBe(cents(invoice.net.plus(ticket.net).minus(credit.net)));
    expect(cents(added('tax'))).toBe(cents(invoice.tax.plus(ticket.tax).minus(credit.tax)));
    // The credit note took back half the invoice's 13 % services; the ticket is the 4 % service.
    expect(sales['sales_08_services']).toMatchObject({ base: '20000.00', tax: '2600.00', documents: 2 });
    expect(sales['sales_04_services']).toMatchObject({ base: cents(ticket.net), tax: cents(ticket.tax), documents: 1 });
    // The export in dollars, in colones at its exchange rate.
    expect(sales['sales_exports']).toMatchObject({ base: cents(docs.export.net.mul(docs.export.rate)), tax: '0.00', documents: 1 });
    expect(sales['self_assessed_fec']).toMatchObject({ base: cents(purchase.net), tax: cents(purchase.tax), documents: 1 });
    expect(linesOf(data, 'credits')['credit_fec']).toMatchObject({ amount: cents(purchase.tax), documents: 1 });
    // The suppliers': the unanswered one gives its whole VAT, the partly accepted one what our answer claimed,
    // the one the tax authority rejected nothing.
    const { unanswered, partial, refused } = supplier;
    const purchases = linesOf(data, 'purchases');
    // Their net sales are on the lines by rate and, the exonerated part, on its own line; their VAT (net of the
    // exoneration, as TotalImpuesto) on the lines by rate.
    const bought = Object.values(purchases).reduce((acc, l) => acc.plus(l.base!), new Dec(0));
    expect(bought.toFixed(2)).toBe(cents(unanswered.net.plus(partial.net)));
    const paid = Object.values(purchases).filter((l) => l.id !== 'purchases_exonerated').reduce((acc, l) => acc.plus(l.tax!), new Dec(0));
    expect(cents(paid)).toBe(cents(unanswered.tax.plus(partial.tax)));
    expect(linesOf(data, 'credits')).toMatchObject({
      credit_general: { amount: cents(unanswered.tax), documents: 1 },
      credit_partial: { amount: '1000.50', documents: 1 },
    });
    const debit = invoice.tax.plus(ticket.tax).minus(credit.tax).plus(purchase.tax);
    const credits = purchase.tax.plus(unanswered.tax).plus('1000.5');
    const balance = debit.minus(credits).minus(ticket.ivaReturned);
    expect(ticket.ivaReturned.toFixed(2)).toBe('1200.00');
    expect(data.totals).toEqual({
      debit: cents(debit), credit: cents(credits), iva_returned: '1200.00', balance: cents(balance.abs()), balance_kind: balance.isNegative() ? 'in_favour' : 'payable',
    });
    expect(data.warnings).toEqual([
      { code: 'unanswered', count: 1, claves: [unanswered.clave], message: expect.stringMatching(/^1 comprobante\(s\) recibido\(s\) sin responder/) },
      { code: 'not_claimable', count: 1, claves: [refused.clave], message: expect.any(String) },
    ]);
    expect(data.notice).toContain('D-104-2');
  });

  it('labels the lines in the request\'s language and takes the figures typed in', async () => {
    const es = await worksheet('&withholdings=100&previous_balance=50.5&imports_tax=1000&proportionality=80');
    expect(linesOf(es, 'sales')['sales_08_services']!.label).toBe('Ventas gravadas al 13 %, servicios');
    expect(linesOf(es, 'credits')['credit_imports']).toMatchObject({ amount: '1000.00', documents: 0 });
    expect(linesOf(es, 'determination')).toMatchObject({ withholdings: { amount: '100.00' }, previous_balance: { amount: '50.50' } });
    expect(es.notice).toMatch(/^La Dirección General de Tributación no ha publicado/);
    const en = await worksheet('', { 'accept-language': 'en' });
    expect(linesOf(en, 'sales')['sales_08_services']!.label).toBe('Taxed sales at 13%, services');
    expect(en.notice).toContain('D-104-2');
  });

  it('lists the documents behind a line, a credit note with its share negative', async () => {
    const res = await t.call('GET', `/reports/vat/lines/sales_08_services?month=${month}`, { key: org.key });
    expect(res.status, res.text).toBe(200);
    const rows = res.body.data as { clave: string; source: string; document_type: string; base: string; tax: string }[];
    expect(rows.map((r) => [r.source, r.clave, r.document_type])).toEqual([['issued', docs.invoice.clave, '01'], ['issued', docs.credit.clave, '03']]);
    expect(rows[1]!.base.startsWith('-')).toBe(true);
    const total = rows.reduce((acc, r) => acc.plus(r.tax), new Dec(0));
    expect(cents(total)).toBe(linesOf(await worksheet(), 'sales')['sales_08_services']!.tax);
    const fec = await t.call('GET', `/reports/vat/lines/credit_fec?month=${month}`, { key: org.key });
    expect(fec.body.data).toEqual([expect.objectContaining({ clave: docs.purchase.clave, document_type: '08', tax: docs.purchase.tax.toFixed(5) })]);
    expect((await t.call('GET', `/reports/vat/lines/sales_02_services?month=${month}`, { key: org.key })).body.data).toEqual([]);
    const unknown = await t.call('GET', `/reports/vat/lines/nothing_here?month=${month}`, { key: org.key });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
  });

  it('exports a CSV with a byte-order mark, one row per line and the notice last', async () => {
    const res = await download('&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="iva-${month}.csv"`);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = res.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe('sección,línea,descripción,base,impuesto o monto,documentos');
    const data = await worksheet();
    const services = linesOf(data, 'sales')['sales_08_services']!;
    expect(rows).toContain(`sales,sales_08_services,"Ventas gravadas al 13 %, servicios",${services.base},${services.tax},2`);
    expect(rows).toContain(`determination,debit,Impuesto generado (débito fiscal),,${data.totals.debit},0`);
    expect(rows.at(-1)).toMatch(/^aviso,,"?La Dirección General de Tributación .*D-104-2/);
  });

  it('exports a PDF with the organization, the month, the figures and the notice', async () => {
    const res = await download('&format=pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="iva-${month}.pdf"`);
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.bytes).replace(/\s+/g, ' ');
    expect(text).toContain(`Hoja de trabajo del IVA — Mes ${month}`);
    expect(text).toContain('3101123456');
    expect(text).toContain('formulario anterior (D-104-2)');
    const data = await worksheet();
    expect(text).toContain(`₡${displayAmount(data.totals.debit)}`);
    expect(text).toContain('sin responder'); // the warnings too
  }, 60_000);

  it('refuses a month written wrong or not begun yet with 422, and a missing one with 400', async () => {
    for (const bad of ['2026-13', 'noviembre', '2026-1']) {
      const res = await t.call('GET', `/reports/vat?month=${bad}`, { key: org.key });
      expect([res.status, res.body.success, res.body.error.code, Object.keys(res.body.error.errors)], bad).toEqual([422, false, 'validation_error', ['month']]);
    }
    const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 15)).toISOString().slice(0, 7);
    const future = await t.call('GET', `/reports/vat?month=${next}`, { key: org.key, headers: { 'accept-language': 'es' } });
    expect([future.status, future.body.error.errors.month]).toEqual([422, [`El mes ${next} todavía no ha empezado.`]]);
    const percent = await t.call('GET', `/reports/vat?month=${month}&proportionality=120`, { key: org.key });
    expect([percent.status, Object.keys(percent.body.error.errors)]).toEqual([422, ['proportionality']]);
    const missing = await t.call('GET', '/reports/vat', { key: org.key });
    expect([missing.status, missing.body.error.code]).toEqual([400, 'missing_param']);
    const format = await t.call('GET', `/reports/vat?month=${month}&format=xlsx`, { key: org.key });
    expect(format.status).toBe(400);
  });

  it('needs an organization key that may read invoices', async () => {
    expect((await t.call('GET', `/reports/vat?month=${month}`)).status).toBe(401);
    expect((await t.call('GET', `/reports/vat?month=${month}`, { key: t.accountKey })).status).toBe(403);
  });
});
