/**
 * The `poll_mailbox` job against a real IMAP server (dovecot): a supplier's mail ends as a stored document,
 * how the poll went is recorded, and the next poll is scheduled; an unreachable mailbox is recorded and
 * polled again later; a disabled one schedules nothing.
 */
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureMailbox, type MailboxInput } from '../../../src/received/mailbox-settings.ts';
import { POLL_MAILBOX_JOB, pollMailboxHandler, type PollDependencies } from '../../../src/received/poll-mailbox-job.ts';
import { Vault } from '../../../src/secrets/vault.ts';
import { getMailboxSettings } from '../../../src/store/mailbox-settings.ts';
import { findReceivedByClave } from '../../../src/store/received-documents.ts';
import { dovecotAvailable, startDovecot, type ImapServer } from '../../helpers/dovecot.ts';
import { mimeMessage } from '../../helpers/mime.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';
import { clock, fixture } from '../../helpers/use-case-store.ts';
import { foreignDocument, zipOf, type ForeignDocument } from '../../fixtures/archive-documents.ts';
import { writeMensajeHacienda } from '../../../src/hacienda/simulator/message-writer.ts';
import { simulatorIdentity } from '../../../src/hacienda/simulator/key.ts';
import { signXml } from '../../../src/signing/xades-signer.ts';
import { receivingDeps } from '../../helpers/receiving.ts';

const dirs = tempDirs();
const f = fixture();
const vault = new Vault(Buffer.alloc(32, 3));
const deps: PollDependencies = { ...receivingDeps(f.store), vault };
const orgId = f.organization.id;
let server: ImapServer;
let input: MailboxInput;

beforeAll(async () => {
  server = await startDovecot(dirs('facturador-dovecot-'));
  server.addUser('compras@tecnovalle.example.cr', 'buzon-secreto');
  input = {
    environment: 'staging', host: server.host, port: server.port, secure: false, username: 'compras@tecnovalle.example.cr', password: 'buzon-secreto',
    folder: 'INBOX', processedFolder: null, intervalMinutes: 5, enabled: true,
  };
});
afterAll(async () => {
  await server?.stop();
});

const pendingPolls = () => f.store.db.$client.prepare("SELECT run_at AS runAt FROM outbox_jobs WHERE kind = ? AND status = 'pending'").all(POLL_MAILBOX_JOB) as { runAt: string }[];
const job = { id: 0, kind: POLL_MAILBOX_JOB, payload: { organizationId: orgId }, attempts: 1, runAt: clock.now().toISOString() };
async function runJob(): Promise<void> {
  f.store.db.$client.prepare("DELETE FROM outbox_jobs WHERE kind = ?").run(POLL_MAILBOX_JOB); // as the worker completes it
  const commit = await pollMailboxHandler(deps)(job);
  if (commit) f.store.transaction(() => commit());
}

/** The tax authority's acceptance of a supplier's document, as the supplier forwards it. */
function acceptance(doc: ForeignDocument): Buffer {
  const total = /<TotalComprobante>([^<]+)</.exec(doc.xml.toString())![1]!;
  return Buffer.from(signXml(writeMensajeHacienda({
    clave: doc.clave, issuerName: 'Proveedor S.A.', issuerIdType: '02', issuerId: '3101999999', receiverIdType: '02', receiverId: '3101123456',
    message: 1, detail: 'Aceptado', total,
  }), simulatorIdentity()));
}

describe.skipIf(!dovecotAvailable())('polling the suppliers\' mailbox', () => {
  it('stores what the mail brings, records the poll and schedules the next one after the interval', async () => {
    configureMailbox(deps, orgId, input, clock.now());
    expect(pendingPolls()).toEqual([{ runAt: clock.now().toISOString() }]); // saved: polled now
    const doc = foreignDocument(1, { issuerId: '3101999999', receiverId: '3101123456', issuedAt: '2026-03-20T10:00:00-06:00' });
    const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: input.username, pass: input.password! }, logger: false });
    await client.connect();
    await client.append('INBOX', mimeMessage({ messageId: '<fe-9@proveedor.example.cr>', attachments: [{ name: 'fe.xml', type: 'application/xml', bytes: doc.xml }] }));
    await client.logout();

    await runJob();
    expect(findReceivedByClave(f.store.db, { organizationId: orgId, environment: 'staging' }, doc.clave)).toMatchObject({ source: 'imap', sourceName: '<fe-9@proveedor.example.cr>' });
    expect(getMailboxSettings(f.store.db, orgId)).toMatchObject({ lastError: null, lastResult: { taken: 1, stored: 1, problems: 0 } });
    expect(pendingPolls()).toEqual([{ runAt: new Date(clock.now().getTime() + 5 * 60_000).toISOString() }]);
  }, 30_000);

  it('stores a document, then the answer about it from a later mail of the same poll, and a ZIP\'s documents', async () => {
    // Files are verified ahead of their turn, but stored in the order the mail came: the answer finds its document.
    const [doc, zipped1, zipped2] = [2, 3, 4].map((n) => foreignDocument(n, { issuerId: '3101999999', receiverId: '3101123456', issuedAt: '2026-03-20T10:00:00-06:00' })) as [ForeignDocument, ForeignDocument, ForeignDocument];
    const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: input.username, pass: input.password! }, logger: false });
    await client.connect();
    await client.append('INBOX', mimeMessage({ messageId: '<fe-2@proveedor.example.cr>', attachments: [{ name: 'fe.xml', type: 'application/xml', bytes: doc.xml }] }));
    await client.append('INBOX', mimeMessage({ messageId: '<mh-2@proveedor.example.cr>', attachments: [{ name: 'mh.xml', type: 'application/xml', bytes: acceptance(doc) }] }));
    const zip = await zipOf([['fe-3.xml', zipped1.xml], ['fe-4.xml', zipped2.xml]]);
    await client.append('INBOX', mimeMessage({ messageId: '<zip@proveedor.example.cr>', attachments: [{ name: 'facturas.zip', type: 'application/zip', bytes: zip }] }));
    await client.logout();

    configureMailbox(deps, orgId, input, clock.now());
    await runJob();
    expect(getMailboxSettings(f.store.db, orgId)).toMatchObject({ lastError: null, lastResult: { taken: 3, stored: 3, problems: 0 } });
    const scope = { organizationId: orgId, environment: 'staging' };
    expect(findReceivedByClave(f.store.db, scope, doc.clave)).toMatchObject({ haciendaAnswerState: 'aceptado', sourceName: '<fe-2@proveedor.example.cr>' });
    expect(findReceivedByClave(f.store.db, scope, zipped2.clave)).toMatchObject({ sourceName: '<zip@proveedor.example.cr>' });
  }, 30_000);

  it('records a mailbox it cannot reach and polls it again later; a disabled one schedules nothing', async () => {
    configureMailbox(deps, orgId, { ...input, port: 9 }, clock.now());
    await runJob();
    expect(getMailboxSettings(f.store.db, orgId)!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(pendingPolls()).toHaveLength(1);
    configureMailbox(deps, orgId, { ...input, enabled: false }, clock.now());
    await runJob();
    expect(pendingPolls()).toEqual([]);
  }, 30_000);

  it('keeps the password sealed in the database, and wants it again for another server', () => {
    const stored = f.store.db.$client.prepare('SELECT password FROM mailbox_settings WHERE organization_id = ?').get(orgId) as { password: Buffer };
    expect(stored.password.includes(Buffer.from('buzon-secreto'))).toBe(false);
    const { password: _omit, ...withoutPassword } = input;
    expect(() => configureMailbox(deps, orgId, { ...withoutPassword, host: 'imap.otro.example' }, clock.now())).toThrow(/password/);
    expect(() => configureMailbox(deps, orgId, withoutPassword, clock.now())).not.toThrow();
  });
});
