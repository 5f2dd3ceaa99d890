/** Suppliers' mail from a real IMAP server (Debian's dovecot, started for these tests). */
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollMailbox, TAKEN_KEYWORD, type MailboxSettings, type MailMessage } from '../../../src/received/imap-inbox.ts';
import { receiveFiles, type FileOutcome } from '../../../src/received/receive-files.ts';
import { findReceivedByClave } from '../../../src/store/received-documents.ts';
import { dovecotAvailable, startDovecot, type ImapServer } from '../../helpers/dovecot.ts';
import { mimeMessage, type MailSpec } from '../../helpers/mime.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';
import { fixture } from '../../helpers/use-case-store.ts';
import { receivingDeps } from '../../helpers/receiving.ts';

const OWNER = '3101123456';
const SUPPLIER = '3101999999';
const dirs = tempDirs();
const f = fixture();
const receiving = receivingDeps(f.store);
const scope = { organizationId: f.organization.id, environment: 'staging', owner: OWNER };
let server: ImapServer;
let mailbox: MailboxSettings;

beforeAll(async () => {
  server = await startDovecot(dirs('facturador-dovecot-'));
  server.addUser('compras@tecnovalle.example.cr', 'buzon-secreto');
  mailbox = { host: server.host, port: server.port, secure: false, user: 'compras@tecnovalle.example.cr', password: 'buzon-secreto', folder: 'INBOX' };
});
afterAll(async () => {
  await server?.stop();
});

async function deliver(spec: MailSpec): Promise<void> {
  const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: mailbox.user, pass: mailbox.password }, logger: false });
  await client.connect();
  await client.append('INBOX', mimeMessage(spec));
  await client.logout();
}

/** A poll that stores what each message brings, as the inbox job does. */
async function poll(settings = mailbox) {
  const seen: { message: MailMessage; outcomes: FileOutcome[] }[] = [];
  const counts = await pollMailbox(settings, async (message) => {
    const outcomes = await receiveFiles(receiving,
      scope, { kind: 'imap', name: message.id }, message.files);
    seen.push({ message, outcomes });
    return 'taken';
  });
  return { counts, seen };
}

let serial = 0;
const supplierDoc = () => foreignDocument(++serial, { issuerId: SUPPLIER, receiverId: OWNER, issuedAt: '2026-03-20T10:00:00-06:00' });

/** A mail whose XML is quoted-printable, as some mail programs send text/xml: every byte outside plain ASCII escaped. */
function quotedPrintableMail(messageId: string, xml: Buffer): Buffer {
  const escaped = [...xml].map((b) => (b > 32 && b < 127 && b !== 61 ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`));
  const lines: string[] = [];
  let line = '';
  for (const piece of escaped) {
    if (line.length + piece.length > 75) {
      lines.push(`${line}=`); // a soft line break: not part of the content
      line = '';
    }
    line += piece;
  }
  lines.push(line);
  return Buffer.from([
    `Message-ID: ${messageId}`, 'From: facturas@proveedor.example.cr', 'Subject: Factura', 'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="qp"', '', '--qp', 'Content-Type: text/plain', '', 'Adjunto.', '--qp',
    'Content-Type: text/xml; charset=utf-8; name="factura.xml"', 'Content-Disposition: attachment; filename="factura.xml"',
    'Content-Transfer-Encoding: quoted-printable', '', ...lines, '--qp--', '',
  ].join('\r\n'));
}

describe.skipIf(!dovecotAvailable())('the supplier-documents mailbox', () => {
  it('takes a supplier\'s mail once: its XML and PDF stored, the message marked', async () => {
    const doc = supplierDoc();
    await deliver({ messageId: '<fe-1@proveedor.example.cr>', attachments: [
      { name: `${doc.clave}.xml`, type: 'application/xml', bytes: doc.xml },
      { name: `${doc.clave}.pdf`, type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ] });
    const first = await poll();
    expect(first.counts).toEqual({ taken: 1, kept: 0, failed: 0 });
    expect(first.seen[0]!.outcomes.map((o) => o.status)).toEqual(['stored', 'attached']);
    const stored = findReceivedByClave(f.store.db, scope, doc.clave)!;
    expect(stored.sourceName).toBe('<fe-1@proveedor.example.cr>');
    expect((await poll()).counts).toEqual({ taken: 0, kept: 0, failed: 0 });
  }, 30_000);

  it('reads nothing of an oversized message and a forged document ends as a problem, both taken', async () => {
    const forged = Buffer.from(supplierDoc().xml.toString().replace('<NumeroLinea>1<', '<NumeroLinea>2<'));
    await deliver({ messageId: '<forged@x.example>', attachments: [{ name: 'factura.xml', type: 'text/xml', bytes: forged }] });
    const big = Buffer.alloc(26 * 1024 * 1024, 0x41);
    await deliver({ messageId: '<big@x.example>', attachments: [{ name: 'enorme.pdf', type: 'application/pdf', bytes: big }] });
    const { counts, seen } = await poll();
    expect(counts.taken).toBe(2);
    const byId = Object.fromEntries(seen.map((s) => [s.message.id, s]));
    expect(byId['<forged@x.example>']!.outcomes).toEqual([{ file: 'factura.xml', status: 'problem', reason: expect.stringMatching(/signature does not verify/) }]);
    expect(byId['<big@x.example>']!.message.refused).toMatch(/MiB/);
    expect(byId['<big@x.example>']!.message.files).toEqual([]);
  }, 60_000);

  it('leaves a message it could not store for the next poll, and moves taken mail when told to', async () => {
    const doc = supplierDoc();
    await deliver({ messageId: '<later@proveedor.example.cr>', attachments: [{ name: 'fe.xml', type: 'application/xml', bytes: doc.xml }] });
    const kept = await pollMailbox(mailbox, async () => 'keep');
    expect(kept).toEqual({ taken: 0, kept: 1, failed: 0 });
    const failing = await pollMailbox(mailbox, async () => {
      throw new Error('disk full');
    });
    expect(failing).toEqual({ taken: 0, kept: 0, failed: 1 });
    const moved = await poll({ ...mailbox, processedFolder: 'Facturador/Procesados' });
    expect(moved.counts.taken).toBe(1);
    const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: mailbox.user, pass: mailbox.password }, logger: false });
    await client.connect();
    const processed = (await client.list()).find((box) => box.path.endsWith('Procesados'))!.path; // the server's separator
    const inProcessed = await client.status(processed, { messages: true });
    const lock = await client.getMailboxLock('INBOX');
    const marked = await client.search({ keyword: TAKEN_KEYWORD }, { uid: true });
    lock.release();
    await client.logout();
    expect(inProcessed && inProcessed.messages).toBe(1);
    expect(marked).toHaveLength(3); // the three taken before, marked where they are
  }, 30_000);
  it('reads a full mailbox in batches: each message whole and in its order, marked once stored, a failing one kept', async () => {
    // More messages than one batch holds, with different parts (XML alone; XML and PDF), one XML in quoted-printable.
    const docs = Array.from({ length: 30 }, () => supplierDoc());
    const idOf = (i: number) => `<lote-${i}@proveedor.example.cr>`;
    const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: mailbox.user, pass: mailbox.password }, logger: false });
    await client.connect();
    for (const [i, doc] of docs.entries()) {
      const pdf = { name: `${doc.clave}.pdf`, type: 'application/pdf', bytes: Buffer.from(`%PDF-1.4\n% ${i}\n%%EOF\n`) };
      const mail = i === 7 ? quotedPrintableMail(idOf(i), doc.xml)
        : mimeMessage({ messageId: idOf(i), attachments: [{ name: `${doc.clave}.xml`, type: 'application/xml', bytes: doc.xml }, ...(i % 3 === 0 ? [pdf] : [])] });
      await client.append('INBOX', mail);
    }
    await client.logout();

    const order: string[] = [];
    const counts = await pollMailbox(mailbox, async (message) => {
      order.push(message.id);
      if (message.id === idOf(12)) throw new Error('disk full');
      const outcomes = await receiveFiles(receiving,
        scope, { kind: 'imap', name: message.id }, message.files);
      expect(outcomes.map((o) => o.status)).toEqual(order.length % 3 === 1 ? ['stored', 'attached'] : ['stored']);
      return 'taken';
    });
    expect(counts).toEqual({ taken: 29, kept: 0, failed: 1 });
    expect(order).toEqual(docs.map((_, i) => idOf(i)));
    for (const [i, doc] of docs.entries()) {
      const stored = findReceivedByClave(f.store.db, scope, doc.clave);
      if (i === 12) expect(stored).toBeUndefined();
      else expect(Buffer.from(stored!.signedXml).equals(doc.xml)).toBe(true); // byte for byte, the quoted-printable one too
    }
    // Only the failed message comes again.
    const again: string[] = [];
    expect(await pollMailbox(mailbox, async (message) => {
      again.push(message.id);
      return 'keep';
    })).toEqual({ taken: 0, kept: 1, failed: 0 });
    expect(again).toEqual([idOf(12)]);
  }, 120_000);
});
