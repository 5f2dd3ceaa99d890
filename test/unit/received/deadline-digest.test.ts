/**
 * The daily `received_deadlines` job on a real store with a real SMTP server (smtp-server) and a fixed clock:
 * one digest a day listing the documents whose last day is within `days_before` business days, nearest first;
 * none when nothing is near; never the same day twice; unanswered windows settled as tacitly accepted; a
 * server that cannot be reached tried again later with the day given back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCalendar, shippedHolidays } from '../../../src/catalogs/holidays.ts';
import { sendDeadlineDigest } from '../../../src/email/deadline-digest-mail.ts';
import { storeSmtpSettings } from '../../../src/email/smtp-settings.ts';
import { RetryAt } from '../../../src/outbox/worker.ts';
import { deadlineJobHandler, RECEIVED_DEADLINES_JOB, type DeadlineJobDependencies } from '../../../src/received/deadline-digest-job.ts';
import { withinCutoff } from '../../../src/received/deadlines.ts';
import { configureDigest } from '../../../src/received/digest-settings.ts';
import { Vault } from '../../../src/secrets/vault.ts';
import { findReceivedByClave, insertReceived, type NewReceivedDocument } from '../../../src/store/received-documents.ts';
import { getDigestSettings } from '../../../src/store/received-digest-settings.ts';
import { SMTP_PASSWORD, SMTP_USER, startSmtpSink, type SmtpSink } from '../../helpers/smtp-sink.ts';
import { fixture, type Fixture } from '../../helpers/use-case-store.ts';

const calendar = businessCalendar(shippedHolidays());
const vault = new Vault(Buffer.alloc(32, 5));
let now = new Date('2026-03-09T15:00:00Z'); // Monday 9 March, 09:00 in Costa Rica
const clock = { now: () => now };
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => smtp.close());

function depsOf(f: Fixture): DeadlineJobDependencies {
  return { store: f.store, clock, calendar, sendDigest: (organizationId, digest) => sendDeadlineDigest({ store: f.store, vault }, organizationId, digest) };
}

function setUp(port: number): Fixture {
  const f = fixture();
  storeSmtpSettings({ store: f.store, vault }, f.organization.id, {
    host: '127.0.0.1', port, secure: false, allowInsecure: true, username: SMTP_USER, password: SMTP_PASSWORD, fromAddress: 'facturas@tecnovalle.example.cr',
  }, now);
  return f;
}

let serial = 0;
function receive(f: Fixture, fields: Partial<NewReceivedDocument>): NewReceivedDocument {
  const n = String(++serial).padStart(10, '0');
  const row: NewReceivedDocument = {
    organizationId: f.organization.id, environment: 'staging', clave: `50601022600310199999900100001010${n}`.padEnd(50, '3').slice(0, 50), documentType: '01',
    consecutive: `0010000101${n}`, issuerIdentificationType: '02', issuerIdentification: '3101999999', issuerName: 'Distribuidora La Sabana S.A.', receiverIdentification: '3101123456',
    currency: 'CRC', exchangeRate: '1.00000', totalAmount: '113000.00000', taxAmount: '13000.00000', taxBreakdown: [], references: [],
    issuedAt: '2026-02-20T10:00:00-06:00', transactionMonth: '2026-02', answerDue: '2026-03-11', signedXml: Buffer.from(`<doc n="${n}"/>`), chainVerified: false,
    findings: [], state: 'pending', source: 'upload', sourceName: 'fe.xml', receivedAt: now.toISOString(), ...fields,
  };
  insertReceived(f.store.db, row, now);
  return row;
}

/** Runs the job as the worker does: the handler, then its commit in a transaction. */
async function runJob(f: Fixture, attempts = 1): Promise<void> {
  f.store.db.$client.prepare('DELETE FROM outbox_jobs WHERE kind = ?').run(RECEIVED_DEADLINES_JOB); // as the worker completes it
  const commit = await deadlineJobHandler(depsOf(f))({ id: 0, kind: RECEIVED_DEADLINES_JOB, payload: { organizationId: f.organization.id }, attempts, runAt: now.toISOString() });
  if (commit) f.store.transaction(() => commit());
}

const pendingRuns = (f: Fixture) =>
  (f.store.db.$client.prepare("SELECT run_at AS runAt FROM outbox_jobs WHERE kind = ? AND status = 'pending'").all(RECEIVED_DEADLINES_JOB) as { runAt: string }[]).map((r) => r.runAt);

describe('the deadline digest', () => {
  it('counts business days as the deadline does: weekends and holidays are skipped', () => {
    expect(withinCutoff('2026-03-06', 3, calendar)).toBe('2026-03-11'); // Friday, Monday, Tuesday
    expect(withinCutoff('2026-04-01', 3, calendar)).toBe('2026-04-08'); // Holy Thursday and Good Friday are holidays
    expect(withinCutoff('2026-03-07', 1, calendar)).toBe('2026-03-10'); // on a Saturday, Monday is the one day left
  });

  it('e-mails once a day the documents whose last day is near, nearest first, and nothing when none is', async () => {
    const f = setUp(smtp.port);
    const later = receive(f, { answerDue: '2026-03-11', totalAmount: '1500000.50000', currency: 'USD' });
    const sooner = receive(f, { answerDue: '2026-03-10', issuerName: 'Café & Té <Norte>' });
    const open = receive(f, { answerDue: '2026-04-14', transactionMonth: '2026-03' });
    receive(f, { answerDue: '2026-03-10', state: 'accepted' });
    receive(f, { answerDue: '2026-03-10', environment: 'production' });
    configureDigest({ store: f.store, clock }, f.organization.id, { environment: 'staging', enabled: true, recipients: ['compras@tecnovalle.example.cr', 'COMPRAS@tecnovalle.example.cr', 'duena@tecnovalle.example.cr'], daysBefore: 3 });
    expect(pendingRuns(f)).toEqual([now.toISOString()]); // saved: it runs now
    const before = smtp.messages.length;
    await runJob(f);
    await runJob(f); // the same day again: nothing more
    const mails = smtp.messages.slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.envelope.to).toEqual(['compras@tecnovalle.example.cr', 'duena@tecnovalle.example.cr']);
    expect(mail.parsed.subject).toBe('Compras: 2 facturas por responder pronto');
    const text = mail.parsed.text ?? '';
    expect(text.indexOf(sooner.consecutive)).toBeGreaterThan(-1);
    expect(text.indexOf(sooner.consecutive)).toBeLessThan(text.indexOf(later.consecutive));
    expect(text).not.toContain(open.consecutive);
    expect(text).toContain('USD 1,500,000.50');
    expect(text).toContain('Último día: 10/03/2026 (quedan 2 días hábiles)');
    expect(text).toContain('Último día: 11/03/2026 (quedan 3 días hábiles)');
    expect(mail.parsed.html).toContain('<table');
    expect(mail.parsed.html).toContain('Café &amp; Té &lt;Norte&gt;');
    expect(getDigestSettings(f.store.db, f.organization.id)).toMatchObject({ lastSentOn: '2026-03-09', lastError: null });
    expect(pendingRuns(f)).toEqual(['2026-03-10T12:00:00.000Z']); // tomorrow, 06:00 in Costa Rica

    // Thursday: the two windows closed unanswered (tacitly accepted, settled by the job); the one left is far off.
    now = new Date('2026-03-12T12:00:00Z');
    await runJob(f);
    expect(smtp.messages.length - before).toBe(1);
    expect([sooner, later, open].map((r) => findReceivedByClave(f.store.db, { organizationId: f.organization.id, environment: 'staging' }, r.clave)!.state))
      .toEqual(['tacitly_accepted', 'tacitly_accepted', 'pending']);
    const tacit = f.store.db.$client.prepare("SELECT count(*) AS n FROM events WHERE type = 'received.tacitly_accepted'").get() as { n: number };
    expect(tacit.n).toBe(3); // the two in staging and the one in production
    expect(getDigestSettings(f.store.db, f.organization.id)!.lastSentOn).toBe('2026-03-09');
  });

  it('tries an unreachable server again later, giving the day back, and then waits for the next morning', async () => {
    now = new Date('2026-03-09T15:00:00Z');
    const gone = await startSmtpSink();
    await gone.close(); // a port nobody listens on: connection refused
    const f = setUp(gone.port);
    receive(f, { answerDue: '2026-03-10' });
    configureDigest({ store: f.store, clock }, f.organization.id, { environment: 'staging', enabled: true, recipients: ['compras@tecnovalle.example.cr'], daysBefore: 3 });
    const handler = deadlineJobHandler(depsOf(f));
    const job = { id: 0, kind: RECEIVED_DEADLINES_JOB, payload: { organizationId: f.organization.id }, attempts: 1, runAt: now.toISOString() };
    const retry = await handler(job).then(() => undefined, (error: unknown) => error);
    expect(retry).toBeInstanceOf(RetryAt);
    f.store.transaction(() => (retry as RetryAt).commit!());
    expect(getDigestSettings(f.store.db, f.organization.id)).toMatchObject({ lastSentOn: null, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
    await runJob(f, 6); // the last try of the day: recorded, and tomorrow again
    expect(pendingRuns(f)).toEqual(['2026-03-10T12:00:00.000Z']);
  });

  it('stops when switched off and nothing awaits an answer', async () => {
    const f = setUp(smtp.port);
    configureDigest({ store: f.store, clock }, f.organization.id, { environment: 'staging', enabled: false, recipients: ['compras@tecnovalle.example.cr'], daysBefore: 3 });
    expect(pendingRuns(f)).toEqual([]);
    await runJob(f);
    expect(pendingRuns(f)).toEqual([]);
  });
});
