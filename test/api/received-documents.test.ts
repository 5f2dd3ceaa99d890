/**
 * /received-documents: a supplier's files uploaded (a form with several files, or one XML body), listed,
 * shown with their checks and deadline, their XML and PDF as received, and answered with a MensajeReceptor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveCertificate, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { writeMensajeHacienda } from '../../src/hacienda/simulator/message-writer.ts';
import { simulatorIdentity } from '../../src/hacienda/simulator/key.ts';
import { signXml } from '../../src/signing/xades-signer.ts';
import { foreignDocument, type ForeignDocument } from '../fixtures/archive-documents.ts';
import { tempDirs } from '../helpers/temp-dirs.ts';

const OWNER = '3101123456';
const SUPPLIER = '3101999999';
const PDF = Buffer.from('%PDF-1.4\nfactura del proveedor\n%%EOF\n');
let t: TestServer;
let org: SeededOrganization;

beforeAll(async () => {
  t = await startTestServer();
  org = seedOrganization(t);
  await giveCertificate(t, org);
});
afterAll(async () => t.close());

let serial = 0;
// Issued a few days ago: its answer window (the next month's first 8 business days) is still open.
const supplierDocument = () => foreignDocument(++serial, { issuerId: SUPPLIER, receiverId: OWNER, issuedAt: new Date(Date.now() - 3 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z') });

function answerOf(doc: ForeignDocument): Buffer {
  const total = /<TotalComprobante>([^<]+)</.exec(doc.xml.toString())![1]!;
  const xml = writeMensajeHacienda({ clave: doc.clave, issuerName: 'Proveedor S.A.', issuerIdType: '02', issuerId: SUPPLIER, receiverIdType: '02', receiverId: OWNER, message: 1, detail: 'Aceptado', total });
  return Buffer.from(signXml(xml, simulatorIdentity()));
}

async function upload(key: string, files: [name: string, bytes: Buffer, type: string][], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, bytes, type] of files) form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${t.url}/api/v1/received-documents`, { method: 'POST', headers: { authorization: `Bearer ${key}`, ...headers }, body: form });
  return { status: res.status, body: await res.json() };
}

describe('/received-documents', () => {
  const doc = supplierDocument();

  it('takes a supplier\'s XML, answer and PDF in one form, file by file', async () => {
    const res = await upload(org.key, [['FE.xml', doc.xml, 'application/xml'], ['MH.xml', answerOf(doc), 'text/xml'], ['FE.pdf', PDF, 'application/pdf']]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ stored: 1, problems: 0 });
    expect(res.body.data.files.map((f: { status: string; attached: string | null }) => [f.status, f.attached])).toEqual([['stored', null], ['attached', 'answer'], ['attached', 'pdf']]);
  });

  it('lists it and shows it with its checks and its deadline, in the request\'s language', async () => {
    const list = await t.call('GET', '/received-documents?state=pending', { key: org.key });
    expect(list.body.data.map((d: { clave: string }) => d.clave)).toContain(doc.clave);
    const one = await t.call('GET', `/received-documents/${doc.clave}`, { key: org.key, headers: { 'accept-language': 'en' } });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ clave: doc.clave, state: 'pending', hacienda_answer: 'aceptado', has_pdf: true, claimable: false, supplier: { identification: SUPPLIER } });
    expect(one.body.data.answer_due).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(['open', 'closing']).toContain(one.body.data.deadline);
    for (const finding of one.body.data.findings) expect(finding.message).not.toMatch(/\{\w+\}/);
  });

  it('gives back the XML and the PDF exactly as they came', async () => {
    const xml = await fetch(`${t.url}/api/v1/received-documents/${doc.clave}/xml`, { headers: { authorization: `Bearer ${org.key}` } });
    expect(Buffer.from(await xml.arrayBuffer()).equals(doc.xml)).toBe(true);
    const pdf = await fetch(`${t.url}/api/v1/received-documents/${doc.clave}/pdf`, { headers: { authorization: `Bearer ${org.key}` } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('accepts it with a signed MensajeReceptor, after which its VAT is claimable', async () => {
    const res = await t.call('POST', `/received-documents/${doc.clave}/answer`, { key: org.key, body: { message: 1 } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ state: 'accepted', claimable: true });
    const message = await t.call('GET', `/electronic-documents/${res.body.data.answer_document_id}`, { key: org.key });
    expect(message.status, message.text).toBe(200);
    expect(message.body.data).toMatchObject({ document_key: doc.clave });
    const again = await t.call('POST', `/received-documents/${doc.clave}/answer`, { key: org.key, body: { message: 3, detail: 'Otra vez no' } });
    expect([again.status, again.body.error.code]).toEqual([409, 'answer_not_allowed']);
  });

  it('takes one raw XML body too, and reports a document for someone else as a problem', async () => {
    const second = supplierDocument();
    const raw = await fetch(`${t.url}/api/v1/received-documents`, { method: 'POST', headers: { authorization: `Bearer ${org.key}`, 'content-type': 'application/xml' }, body: new Uint8Array(second.xml) });
    expect((await raw.json()).data.files[0]).toMatchObject({ status: 'stored', clave: second.clave });
    const stranger = foreignDocument(++serial, { issuerId: SUPPLIER, receiverId: '3101777777' });
    const res = await upload(org.key, [['ajeno.xml', stranger.xml, 'application/xml']]);
    expect(res.body.data.files[0]).toMatchObject({ status: 'problem', reason: expect.stringMatching(/3101777777/) });
  });

  it('answers 415 to a body that is no form and no XML, never a server error', async () => {
    for (const body of [JSON.stringify({ files: [] }), '[]', '']) {
      const res = await t.call('POST', '/received-documents', { key: org.key, rawBody: body });
      expect([res.status, res.body.error.code], res.text).toEqual([415, 'unsupported_media_type']);
    }
    const none = await t.call('POST', '/received-documents', { key: org.key });
    expect(none.status).toBe(415);
  });

  it('replays an upload sent again with the same X-Idempotency-Key, telling different files apart', async () => {
    const doc = supplierDocument();
    const first = await upload(org.key, [['fe.xml', doc.xml, 'application/xml']], { 'x-idempotency-key': 'subida-1' });
    const again = await fetch(`${t.url}/api/v1/received-documents`, {
      method: 'POST', headers: { authorization: `Bearer ${org.key}`, 'x-idempotency-key': 'subida-1', 'content-type': 'application/xml' }, body: new Uint8Array(doc.xml),
    });
    expect(first.body.data.files[0].status).toBe('stored');
    // Another body (a raw XML body, not a form) under the same key is refused: the fingerprint is of the files.
    expect(again.status).toBe(422);
    // The same form again: the first answer, replayed (a second upload would have said `duplicate`).
    const replay = await upload(org.key, [['fe.xml', doc.xml, 'application/xml']], { 'x-idempotency-key': 'subida-1' });
    expect(replay.body.data.files[0].status).toBe('stored');
  });

  it('refuses a form without files, and another organization does not see the document', async () => {
    const form = new FormData();
    form.append('note', 'sin archivos');
    const empty = await fetch(`${t.url}/api/v1/received-documents`, { method: 'POST', headers: { authorization: `Bearer ${org.key}` }, body: form });
    expect(empty.status).toBe(400);
    const other = seedOrganization(t, { identificationNumber: '3101555555' });
    expect((await t.call('GET', `/received-documents/${doc.clave}`, { key: other.key })).status).toBe(404);
  });
});

describe('/settings/mailbox', () => {
  const mailbox = { host: 'imap.tecnovalle.example.cr', port: 993, username: 'compras@tecnovalle.example.cr', password: 'buzon-secreto' };

  it('keeps the mailbox with its password sealed and never shown, and has it polled now', async () => {
    const { password: _p, ...withoutPassword } = mailbox;
    const refused = await t.call('PUT', '/settings/mailbox', { key: org.key, body: withoutPassword });
    expect([refused.status, Object.keys(refused.body.error.errors ?? {})]).toEqual([422, ['password']]);
    const saved = await t.call('PUT', '/settings/mailbox', { key: org.key, body: mailbox });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, secure: true, folder: 'INBOX', interval_minutes: 5, enabled: true, has_password: true, environment: 'staging' });
    expect(saved.text).not.toContain('buzon-secreto');
    const shown = await t.call('GET', '/settings/mailbox', { key: org.key });
    expect(shown.body.data).toMatchObject({ host: mailbox.host, username: mailbox.username });
    expect(shown.text).not.toContain('buzon-secreto');
  });

  it('reads it on demand, and forgets it', async () => {
    expect((await t.call('POST', '/settings/mailbox/poll', { key: org.key })).status).toBe(202);
    expect((await t.call('DELETE', '/settings/mailbox', { key: org.key })).status).toBe(200);
    expect((await t.call('GET', '/settings/mailbox', { key: org.key })).body.data.configured).toBe(false);
    const again = await t.call('POST', '/settings/mailbox/poll', { key: org.key });
    expect([again.status, again.body.error.code]).toEqual([422, 'mailbox_not_configured']);
  });
});

describe('/settings/received-folder', () => {
  const dirs = tempDirs();

  it('watches an existing folder of the user\'s, refuses a system one, scans on demand and forgets it', async () => {
    const refused = await t.call('PUT', '/settings/received-folder', { key: org.key, body: { path: '/etc' } });
    expect([refused.status, Object.keys(refused.body.error.errors ?? {})]).toEqual([422, ['path']]);
    const dir = dirs('facturador-compras-');
    const saved = await t.call('PUT', '/settings/received-folder', { key: org.key, body: { path: dir, interval_minutes: 2 } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, path: dir, interval_minutes: 2, enabled: true, environment: 'staging' });
    expect((await t.call('POST', '/settings/received-folder/scan', { key: org.key })).status).toBe(202);
    expect((await t.call('DELETE', '/settings/received-folder', { key: org.key })).status).toBe(200);
    const gone = await t.call('POST', '/settings/received-folder/scan', { key: org.key });
    expect([gone.status, gone.body.error.code]).toEqual([422, 'folder_not_configured']);
  });
});

describe('a supplier\'s credit note', () => {
  it('is linked to the invoice it corrects, both ways', async () => {
    const invoice = supplierDocument();
    const FE_CLAVE = '50614032600310112345600100001010000000099112345678'; // the note fixture's reference
    const note = foreignDocument(++serial, {
      type: '03', issuerId: SUPPLIER, receiverId: OWNER, issuedAt: new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z'),
      editXml: (xml) => xml.replace(FE_CLAVE, invoice.clave),
    });
    expect((await upload(org.key, [['FE.xml', invoice.xml, 'application/xml'], ['NC.xml', note.xml, 'application/xml']])).body.data.stored).toBe(2);
    const shownNote = await t.call('GET', `/received-documents/${note.clave}`, { key: org.key });
    expect(shownNote.body.data).toMatchObject({ state: 'not_required', references: [{ document_type: '01', number: invoice.clave, code: '01', clave: invoice.clave }] });
    const shownInvoice = await t.call('GET', `/received-documents/${invoice.clave}`, { key: org.key });
    expect(shownInvoice.body.data.notes).toEqual([expect.objectContaining({ clave: note.clave, document_type: '03', state: 'not_required' })]);
    // The invoice's own reference (a purchase order) names nothing received.
    expect(shownInvoice.body.data.references.map((r: { clave: string | null }) => r.clave)).toEqual([null]);
  });
});
