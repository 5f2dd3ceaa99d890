/**
 * The `poll_mailbox` job against a real IMAP server (dovecot): a supplier's mail ends as a stored document,
 * how the poll went is recorded, and the next poll is scheduled; an unreachable mailbox is recorded and
 * polled again later; a disabled one schedules nothing.
 */
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCalendar, shippedHolidays } from '../../../src/catalogs/holidays.ts';
import { configureMailbox, type MailboxInput } from '../../../src/received/mailbox-settings.ts';
import { POLL_MAILBOX_JOB, pollMailboxHandler, type PollDependencies } from '../../../src/received/poll-mailbox-job.ts';
import { SupplierFileReader } from '../../../src/received/supplier-file-reader.ts';
import { Vault } from '../../../src/secrets/vault.ts';
import { getMailboxSettings } from '../../../src/store/mailbox-settings.ts';
import { findReceivedByClave } from '../../../src/store/received-documents.ts';
import { dovecotAvailable, startDovecot, type ImapServer } from '../../helpers/dovecot.ts';
import { mimeMessage } from '../../helpers/mime.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';
import { clock, fixture } from '../../helpers/use-case-store.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';

const dirs = tempDirs();
const f = fixture();
const reader = new SupplierFileReader();
const vault = new Vault(Buffer.alloc(32, 3));
const deps: PollDependencies = { store: f.store, vault, clock, read: (b, o) => reader.read(b, o), calendar: businessCalendar(shippedHolidays()) };
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
  await reader.close();
  await server?.stop();
});

const pendingPolls = () => f.store.db.$client.prepare("SELECT run_at AS runAt FROM outbox_jobs WHERE kind = ? AND status = 'pending'").all(POLL_MAILBOX_JOB) as { runAt: string }[];
const job = { id: 0, kind: POLL_MAILBOX_JOB, payload: { organizationId: orgId }, attempts: 1, runAt: clock.now().toISOString() };
async function runJob(): Promise<void> {
  f.store.db.$client.prepare("DELETE FROM outbox_jobs WHERE kind = ?").run(POLL_MAILBOX_JOB); // as the worker completes it
  const commit = await pollMailboxHandler(deps)(job);
  if (commit) f.store.transaction(() => commit());
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
