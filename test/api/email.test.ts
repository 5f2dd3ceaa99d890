/**
 * E-mail of documents over real HTTP and real SMTP: POST /documents/{key}/email and the request's
 * `delivery.email` (sent only once the local Hacienda simulator accepts), checked on what a real
 * smtp-server received (parsed with mailparser; the attached PDF with pdftotext); retries while the mail
 * server is down, `failed` on a permanent refusal, and the error answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveKeyOf, seedOrganization, startDelivering, type SeededOrganization, type TestServer } from './harness.ts';
import { SMTP_PASSWORD, SMTP_USER, startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.ts';
import { pdfText } from '../helpers/pdf.ts';
import type { Simulator } from '../../src/hacienda/simulator/types.ts';
import { listDocumentEmails, type DocumentEmailRow } from '../../src/store/document-emails.ts';
import { findDocumentByClave } from '../../src/store/documents.ts';
import { createApiKey } from '../../src/store/api-keys.ts';
import { exampleRequest, type Body } from '../fixtures/example-requests.ts';

const ISSUER = 'Soluciones Tecnológicas del Valle S.A.';

let simulator: Simulator;
let smtp: SmtpSink;
let t: TestServer;
let org: SeededOrganization;
/** The server's clock runs this far ahead of the real one (to make a retry due without waiting for it). */
let offset = 0;

function example(name: string, edit: (b: Body) => void = () => {}): Body {
  const body = exampleRequest(name, new Date(Date.now() - 60_000));
  edit(body);
  return body;
}
const ticket = (edit?: (b: Body) => void) => example('04-tiquete', edit);

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function issue(body: Body): Promise<Body> {
  const res = await t.call('POST', '/electronic-documents', { key: org.key, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const statusOf = (key: string) => t.call('GET', `/electronic-documents/${key}`, { key: org.key }).then((r) => r.body.data);

function emailsOf(clave: string): DocumentEmailRow[] {
  const doc = findDocumentByClave(t.server.core.store.db, org.row.id, 'staging', clave)!;
  return listDocumentEmails(t.server.core.store.db, doc.id);
}

const mailFor = (sink: SmtpSink, clave: string) => sink.messages.filter((m) => m.parsed.attachments.some((a) => a.filename === `${clave}.xml`));

async function arrived(sink: SmtpSink, clave: string, ms?: number): Promise<ReceivedMail> {
  const mails = await until(() => mailFor(sink, clave), (m) => m.length > 0, ms);
  expect(mails, `no e-mail of ${clave} arrived`).toHaveLength(1);
  return mails[0]!;
}

// The sink offers no STARTTLS: the settings opt out of TLS explicitly (docs/email.md).
const smtpSettings = (port: number) => ({ host: '127.0.0.1', port, secure: false, allow_insecure: true, username: SMTP_USER, password: SMTP_PASSWORD, from_address: 'facturas@tecnovalle.example.cr' });

// The mail server carries production e-mails too: a live key changes it (docs/email.md).
async function configureSmtp(port: number): Promise<void> {
  const res = await t.call('PUT', '/settings/smtp', { key: liveKeyOf(t, org), body: smtpSettings(port) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  ({ simulator, t, org } = await startDelivering({ clock: { now: () => new Date(Date.now() + offset) } }));
  await t.call('PUT', '/organizations/me/branding', { key: org.key, body: { email_sender_name: 'TecnoValle Facturación', email_reply_to: 'cobros@tecnovalle.example.cr' } });
  await configureSmtp(smtp.port);
});
afterAll(async () => {
  await t.close();
  await simulator.close();
  await smtp.close();
});

describe('POST /documents/{key}/email', () => {
  it('sends the signed XML byte for byte and the tax authority\'s answer to the given recipients', async () => {
    const issued = await issue(ticket());
    await until(() => statusOf(issued.document_key), (d) => d.status === 'accepted');
    const recipients = ['cliente@example.cr', 'contabilidad@example.cr'];
    const res = await t.call('POST', `/documents/${issued.document_key}/email`, { key: org.key, body: { recipients } });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toEqual({ id: expect.any(Number), document_key: issued.document_key, status: 'pending', recipients, created_at: expect.any(String) });

    const mail = await arrived(smtp, issued.document_key);
    expect(mail.envelope).toEqual({ from: 'facturas@tecnovalle.example.cr', to: recipients });
    expect(mail.parsed.subject).toBe(`Tiquete electrónico ${issued.consecutive_number} - ${ISSUER}`);
    expect(mail.parsed.from?.value).toEqual([{ name: 'TecnoValle Facturación', address: 'facturas@tecnovalle.example.cr' }]);
    expect(mail.parsed.replyTo?.value[0]?.address).toBe('cobros@tecnovalle.example.cr');
    expect(mail.parsed.text).toContain(`Clave: ${issued.document_key}`);
    expect(mail.parsed.text).toContain('Total: CRC 5,085.00');
    expect(mail.parsed.text).toContain('Aceptado por el Ministerio de Hacienda');

    const xml = await t.call('GET', `/documents/${issued.document_key}/xml`, { key: org.key });
    const answer = await t.call('GET', `/documents/${issued.document_key}/response-xml`, { key: org.key });
    const [signed, response] = mail.parsed.attachments;
    expect(signed).toMatchObject({ filename: `${issued.document_key}.xml`, contentType: 'application/xml' });
    expect(signed!.content.equals(Buffer.from(xml.text, 'utf8'))).toBe(true);
    expect(signed!.content.equals(findDocumentByClave(t.server.core.store.db, org.row.id, 'staging', issued.document_key)!.signedXml)).toBe(true);
    expect(response).toMatchObject({ filename: `${issued.document_key}_respuesta.xml` });
    expect(response!.content.equals(Buffer.from(answer.text, 'utf8'))).toBe(true);
    // The PDF last: the ticket's receipt, in Spanish, with its clave and total.
    const pdf = mail.parsed.attachments[2]!;
    expect(pdf).toMatchObject({ filename: `${issued.document_key}.pdf`, contentType: 'application/pdf' });
    const text = pdfText(pdf.content).replace(/\s+/g, ' ');
    expect(text).toContain(issued.document_key);
    expect(text).toContain('Total del comprobante ₡5,085.00');

    const [row] = await until(() => emailsOf(issued.document_key), (rows) => rows[0]?.status === 'sent');
    expect(row).toMatchObject({ reason: 'request', status: 'sent', attempts: 1, lastError: null, messageId: mail.parsed.messageId, sentAt: expect.any(String) });
  });

  it('e-mails a rejected document too, with the signed XML and the PDF when the tax authority sent no answer', async () => {
    const issued = await issue(ticket((b) => { b.api_config = { simulate: 'rejected' }; }));
    await until(() => statusOf(issued.document_key), (d) => d.status === 'rejected');
    const res = await t.call('POST', `/documents/${issued.consecutive_number}/email`, { key: org.key, body: { recipients: ['cliente@example.cr'] } });
    expect(res.status).toBe(202);
    const mail = await arrived(smtp, issued.document_key);
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual([`${issued.document_key}.xml`, `${issued.document_key}.pdf`]);
    expect(mail.parsed.text).toContain('Rechazado por el Ministerio de Hacienda');
    expect(pdfText(mail.parsed.attachments[1]!.content)).toContain('Rechazado por el Ministerio de Hacienda');
  });

  it('refuses 0 or 6 recipients and bad addresses with a validation_error envelope', async () => {
    const issued = await issue(ticket((b) => { b.api_config = { simulate: 'accepted' }; }));
    const post = (body: unknown) => t.call('POST', `/documents/${issued.document_key}/email`, { key: org.key, body });
    for (const body of [{ recipients: [] }, { recipients: Array.from({ length: 6 }, (_, i) => `c${i}@example.cr`) }, { recipients: ['no-es-correo'] }, {}]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toMatchObject({ success: false, error: { code: 'validation_error' } });
      expect(Object.keys(res.body.error.errors)[0]).toMatch(/^recipients/);
    }
    expect(emailsOf(issued.document_key)).toEqual([]);
  });

  it('answers 404 for an unknown document or another organization\'s, and 403 to a key that may not read its type', async () => {
    const missing = await t.call('POST', '/documents/99999999/email', { key: org.key, body: { recipients: ['cliente@example.cr'] } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('document_not_found');
    const issued = await issue(ticket((b) => { b.api_config = { simulate: 'accepted' }; }));
    const invoicesOnly = seedOrganization(t, { identificationNumber: '3101999999' }, { abilities: ['invoices:read'] });
    expect((await t.call('POST', `/documents/${issued.document_key}/email`, { key: invoicesOnly.key, body: { recipients: ['a@example.cr'] } })).status).toBe(404);
    const readInvoices = createApiKey(t.server.core.store.db, { accountId: org.row.accountId, organizationId: org.row.id, name: 'invoices only', mode: 'test', abilities: ['invoices:read'], expiresAt: null }, new Date()).secret;
    const forbidden = await t.call('POST', `/documents/${issued.document_key}/email`, { key: readInvoices, body: { recipients: ['a@example.cr'] } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
  });
});

describe('delivery.email', () => {
  it('e-mails only after acceptance, to the receiver or to delivery.recipients, with the answer attached', async () => {
    simulator.faults.down = true;
    const invoice = await issue(example('01-factura', (b) => { b.delivery = { email: true }; }));
    const sale = await issue(ticket((b) => { b.delivery = { email: true, recipients: ['pos@example.cr', 'dueno@example.cr'] }; }));
    for (const d of [invoice, sale]) expect((await until(() => statusOf(d.document_key), (s) => s.status === 'queued')).status).toBe('queued');
    await new Promise((r) => setTimeout(r, 200));
    expect(emailsOf(invoice.document_key)).toEqual([]);
    expect(mailFor(smtp, invoice.document_key)).toEqual([]);

    simulator.faults.down = false;
    t.server.core.outbox.wake();
    const mail = await arrived(smtp, invoice.document_key, 30_000);
    expect((await statusOf(invoice.document_key)).status).toBe('accepted');
    expect(mail.envelope.to).toEqual(['mariajose@example.cr']);
    expect(mail.parsed.subject).toBe(`Factura electrónica ${invoice.consecutive_number} - ${ISSUER}`);
    const answer = await t.call('GET', `/documents/${invoice.document_key}/response-xml`, { key: org.key });
    const response = mail.parsed.attachments.find((a) => a.filename === `${invoice.document_key}_respuesta.xml`);
    expect(response!.content.equals(Buffer.from(answer.text, 'utf8'))).toBe(true);
    expect((await arrived(smtp, sale.document_key, 30_000)).envelope.to).toEqual(['pos@example.cr', 'dueno@example.cr']);
    await until(() => emailsOf(invoice.document_key), (rows) => rows[0]?.status === 'sent');
    expect(emailsOf(invoice.document_key)).toMatchObject([{ reason: 'delivery', status: 'sent', recipients: ['mariajose@example.cr'] }]);
  }, 60_000);

  it('sends nothing for a rejected document', async () => {
    const issued = await issue(ticket((b) => {
      b.api_config = { simulate: 'rejected' };
      b.delivery = { email: true, recipients: ['cliente@example.cr'] };
    }));
    await until(() => statusOf(issued.document_key), (d) => d.status === 'rejected');
    expect(emailsOf(issued.document_key)).toEqual([]);
  });

  it('refuses e-mail delivery with no recipients and no receiver e-mail, before taking a number', async () => {
    const res = await t.call('POST', '/electronic-documents', { key: org.key, body: ticket((b) => { b.delivery = { email: true }; }) });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_error');
    expect(Object.keys(res.body.error.errors)).toEqual(['delivery.recipients']);
  });
});

describe('failures', () => {
  it('ends as failed without retrying when the server refuses for good (5xx)', async () => {
    smtp.refuse.set('no-existe@example.cr', 550);
    const issued = await issue(ticket((b) => { b.api_config = { simulate: 'accepted' }; }));
    await t.call('POST', `/documents/${issued.document_key}/email`, { key: org.key, body: { recipients: ['no-existe@example.cr'] } });
    const [row] = await until(() => emailsOf(issued.document_key), (rows) => rows[0]?.status === 'failed');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(row!.lastError).toMatch(/550/);
    const job = t.server.core.store.db.$client.prepare("SELECT status FROM outbox_jobs WHERE kind = 'send_email' AND json_extract(payload, '$.emailId') = ?").get(row!.id) as { status: string };
    expect(job.status).toBe('done');
  });

  it('answers 422 smtp_not_configured without settings, and a delivery e-mail then fails', async () => {
    expect((await t.call('DELETE', '/settings/smtp', { key: liveKeyOf(t, org) })).status).toBe(200);
    try {
      const issued = await issue(ticket((b) => {
        b.api_config = { simulate: 'accepted' };
        b.delivery = { email: true, recipients: ['cliente@example.cr'] };
      }));
      const res = await t.call('POST', `/documents/${issued.document_key}/email`, { key: org.key, body: { recipients: ['cliente@example.cr'] } });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('smtp_not_configured');
      const [row] = await until(() => emailsOf(issued.document_key), (rows) => rows[0]?.status === 'failed');
      expect(row).toMatchObject({ reason: 'delivery', status: 'failed' });
      expect(row!.lastError).toMatch(/smtp_not_configured/);
    } finally {
      await configureSmtp(smtp.port);
    }
  });

  it('retries while the mail server is down and delivers once it is back', async () => {
    const reserved = await startSmtpSink();
    const port = reserved.port;
    await reserved.close();
    await configureSmtp(port);
    const issued = await issue(ticket((b) => { b.api_config = { simulate: 'accepted' }; }));
    await t.call('POST', `/documents/${issued.document_key}/email`, { key: org.key, body: { recipients: ['cliente@example.cr'] } });
    const [waiting] = await until(() => emailsOf(issued.document_key), (rows) => (rows[0]?.attempts ?? 0) >= 1);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);

    const back = await startSmtpSink(port);
    try {
      offset += 2 * 60 * 60_000; // past the first retry delay (at most a minute), without waiting for it
      t.server.core.outbox.wake();
      const mail = await arrived(back, issued.document_key);
      expect(mail.envelope.to).toEqual(['cliente@example.cr']);
      const [row] = await until(() => emailsOf(issued.document_key), (rows) => rows[0]?.status === 'sent');
      expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await back.close();
      await configureSmtp(smtp.port);
    }
  }, 40_000);
});
