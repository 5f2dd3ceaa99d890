/**
 * Received-documents benchmark: suppliers' mail in a real IMAP server (Debian's dovecot, as the tests start
 * it), each message one signed 1-line invoice for the organization, read by the mailbox poll and stored
 * verified (the poll_mailbox job's pollOnce: receive-files.ts, the reader's workers). Prints documents per
 * second from IMAP to stored, against the issue's target of 200/s on this machine, and the process's peak RSS.
 * Usage: npm run bench:received [-- count]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { businessCalendar, shippedHolidays } from '../src/catalogs/holidays.ts';
import { pollOnce } from '../src/received/poll-mailbox-job.ts';
import { SupplierFileReader } from '../src/received/supplier-file-reader.ts';
import { DATABASE_FILE, openStore } from '../src/store/database.ts';
import { localAccount } from '../src/store/accounts.ts';
import { insertOrganization } from '../src/store/organizations.ts';
import { systemClock } from '../src/domain/clock.ts';
import { dovecotAvailable, startDovecot } from '../test/helpers/dovecot.ts';
import { mimeMessage } from '../test/helpers/mime.ts';
import { foreignDocument } from '../test/fixtures/archive-documents.ts';

const COUNT = Number(process.argv[2] ?? 1000);
if (!dovecotAvailable()) {
  console.error('dovecot is not installed: node scripts/system-packages.mjs installs it (dovecot-imapd)');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'facturador-bench-received-'));
const server = await startDovecot(join(dir));
server.addUser('compras@bench.example.cr', 'bench');
const mailbox = { host: server.host, port: server.port, secure: false, user: 'compras@bench.example.cr', password: 'bench', folder: 'INBOX' };

// The mail, appended before the clock starts: what is measured is reading it, not writing it.
const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: mailbox.user, pass: mailbox.password }, logger: false });
await client.connect();
for (let i = 1; i <= COUNT; i++) {
  const doc = foreignDocument(i, { issuerId: '3101999999', receiverId: '3101123456', issuedAt: new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z') });
  await client.append('INBOX', mimeMessage({ messageId: `<fe-${i}@proveedor.example.cr>`, attachments: [{ name: `${doc.clave}.xml`, type: 'application/xml', bytes: doc.xml }] }));
}
await client.logout();

const store = openStore(join(dir, DATABASE_FILE));
const now = new Date();
const organization = insertOrganization(store.db, {
  uuid: 'bench', accountId: localAccount(store.db, now).id, name: 'Bench', identificationType: '02', identificationNumber: '3101123456',
  email: 'bench@example.cr', createdAt: now.toISOString(), updatedAt: now.toISOString(),
});
const reader = new SupplierFileReader();
const deps = { store, clock: systemClock, read: (bytes: Buffer, owner: string) => reader.read(bytes, owner), calendar: businessCalendar(shippedHolidays()) };
const scope = { organizationId: organization.id, environment: 'staging', owner: '3101123456' };

let stored = 0;
const started = performance.now();
while (stored < COUNT) {
  const tally = await pollOnce({ ...deps, limits: { maxMessageBytes: 25 * 1024 * 1024, maxAttachments: 50, maxMessages: COUNT } }, mailbox, scope);
  stored += tally.stored;
  if (tally.taken === 0) break;
}
const seconds = (performance.now() - started) / 1000;

console.log(`received_documents: ${stored} count`);
console.log(`received_imap_to_stored: ${Math.round(stored / seconds)} per_second`);
console.log(`received_target: 200 per_second`);
// The whole process's, the writing of the mail before the clock included (resourceUsage gives KiB).
console.log(`received_peak_rss: ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`);
await reader.close();
store.close();
await server.stop();
rmSync(dir, { recursive: true, force: true });
