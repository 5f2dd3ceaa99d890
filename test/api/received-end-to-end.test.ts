/**
 * A supplier's document from e-mail to the VAT return, with every part real: the mail is put into a real IMAP
 * server (dovecot) with APPEND, the mailbox is polled by the outbox, the document is verified and stored,
 * answered with a MensajeReceptor that the tax-authority simulator accepts, and the month's worksheet claims
 * its VAT as credit against the VAT of a sale issued the same month.
 */
import { ImapFlow } from 'imapflow';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDelivering } from './use-delivering.ts';
import { until } from '../unit/hacienda/fixtures.ts';
import { exampleRequest } from '../fixtures/example-requests.ts';
import { foreignDocument } from '../fixtures/archive-documents.ts';
import { writeMensajeHacienda } from '../../src/hacienda/simulator/message-writer.ts';
import { simulatorIdentity } from '../../src/hacienda/simulator/key.ts';
import { signXml } from '../../src/signing/xades-signer.ts';
import { costaRicaDate } from '../../src/domain/costa-rica-time.ts';
import { dovecotAvailable, startDovecot, type ImapServer } from '../helpers/dovecot.ts';
import { mimeMessage } from '../helpers/mime.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const SUPPLIER = '3101999999';
const USER = 'compras@tecnovalle.example.cr';
const PASSWORD = 'buzon-secreto';
const session = useDelivering();
const dirs = tempDirs();
let imap: ImapServer;

beforeAll(async () => {
  if (!dovecotAvailable()) return;
  imap = await startDovecot(dirs('facturador-dovecot-'));
  imap.addUser(USER, PASSWORD);
});
afterAll(async () => imap?.stop());

const tag = (xml: Buffer, name: string) => new RegExp(`<${name}>([^<]+)</${name}>`).exec(xml.toString())![1]!;

/** The VAT a document charged: its TotalDesgloseImpuesto of the VAT codes (01, 07, 08). */
function vatOf(xml: Buffer): Decimal {
  return [...xml.toString().matchAll(/<TotalDesgloseImpuesto>([\s\S]*?)<\/TotalDesgloseImpuesto>/g)]
    .filter((m) => ['01', '07', '08'].includes(/<Codigo>([^<]+)</.exec(m[1]!)![1]!))
    .reduce((total, m) => total.plus(/<TotalMontoImpuesto>([^<]+)</.exec(m[1]!)![1]!), new Decimal(0));
}

/** Today in Costa Rica, or the 2nd if today is the 1st: the document's month must be this month. */
function issuedThisMonth(): string {
  const today = costaRicaDate(new Date());
  return `${today.slice(0, 8)}${today.endsWith('-01') ? '01' : String(Number(today.slice(8)) - 1).padStart(2, '0')}T09:00:00-06:00`;
}

describe.skipIf(!dovecotAvailable())('a supplier\'s document from the mailbox to the VAT worksheet', () => {
  it('is fetched, verified, answered, accepted by the tax authority and claimed in the month\'s worksheet', async () => {
    const { t, org } = session;
    const month = costaRicaDate(new Date()).slice(0, 7);

    // A sale of ours this month: the worksheet's debit.
    const sale = await t.call('POST', '/electronic-documents', { key: org.key, body: exampleRequest('01-factura', new Date(Date.now() - 60_000)) });
    expect(sale.status, sale.text).toBe(201);

    // The supplier's invoice and the tax authority's answer about it, by mail.
    const doc = foreignDocument(701, { issuerId: SUPPLIER, receiverId: '3101123456', issuedAt: issuedThisMonth() });
    const answer = signXml(writeMensajeHacienda({
      clave: doc.clave, issuerName: 'Proveedor S.A.', issuerIdType: '02', issuerId: SUPPLIER, receiverIdType: '02', receiverId: '3101123456',
      message: 1, detail: 'Aceptado', total: tag(doc.xml, 'TotalComprobante'),
    }), simulatorIdentity());
    const client = new ImapFlow({ host: imap.host, port: imap.port, secure: false, auth: { user: USER, pass: PASSWORD }, logger: false });
    await client.connect();
    await client.append('INBOX', mimeMessage({ messageId: '<fe-701@proveedor.example.cr>', attachments: [
      { name: `${doc.clave}.xml`, type: 'application/xml', bytes: doc.xml }, { name: `MH-${doc.clave}.xml`, type: 'application/xml', bytes: Buffer.from(answer) },
    ] }));
    await client.logout();

    // Saving the mailbox has it polled now, by the outbox.
    const saved = await t.call('PUT', '/settings/mailbox', { key: org.key, body: { host: imap.host, port: imap.port, secure: false, username: USER, password: PASSWORD } });
    expect(saved.status, saved.text).toBe(200);
    const received = await until(() => t.call('GET', `/received-documents/${doc.clave}`, { key: org.key }), (r) => r.status === 200, 20_000);
    expect(received.body.data).toMatchObject({ state: 'pending', hacienda_answer: 'aceptado', claimable: false });

    // Accepted with the whole tax as credit; the tax authority accepts our answer.
    const answered = await t.call('POST', `/received-documents/${doc.clave}/answer`, { key: org.key, body: { message: 1 } });
    expect(answered.status, answered.text).toBe(201);
    const message = await until(() => t.call('GET', `/electronic-documents/${doc.clave}`, { key: org.key }).then((r) => r.body.data), (d) => d?.status === 'accepted' || d?.status === 'rejected', 20_000);
    expect(message.status).toBe('accepted');
    await until(() => t.call('GET', `/electronic-documents/${sale.body.data.document_key}`, { key: org.key }).then((r) => r.body.data), (d) => d.status === 'accepted', 20_000);

    // The worksheet: the sale's VAT as debit, the supplier's as credit, the balance their difference.
    const report = await t.call('GET', `/reports/vat?month=${month}`, { key: org.key });
    expect(report.status, report.text).toBe(200);
    const w = report.body.data;
    const supplierTax = vatOf(doc.xml);
    const saleXml = await t.call('GET', `/documents/${sale.body.data.document_key}/xml`, { key: org.key });
    const saleTax = vatOf(Buffer.from(saleXml.text));
    const credit = w.sections.flatMap((s: { lines: { id: string }[] }) => s.lines).find((l: { id: string }) => l.id === 'credit_general');
    expect(saleXml.status).toBe(200);
    expect(credit.amount).toBe(supplierTax.toFixed(2));
    expect(w.totals.debit).toBe(saleTax.toFixed(2));
    expect(w.totals.credit).toBe(supplierTax.toFixed(2));
    expect(new Decimal(w.totals.balance).abs().toFixed(2)).toBe(saleTax.minus(supplierTax).abs().toFixed(2));

    // The credit's figure leads to the supplier's document.
    const behind = await t.call('GET', `/reports/vat/lines/credit_general?month=${month}`, { key: org.key });
    expect(behind.body.data.map((d: { clave: string }) => d.clave)).toEqual([doc.clave]);
  }, 90_000);
});
