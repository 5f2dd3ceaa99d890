/**
 * Deadlines over real HTTP, on a fixed clock (Monday 9 March 2026): GET /received-documents/deadlines counts the
 * documents awaiting an answer and lists the nearest first; the list sorts by deadline on request; and
 * /settings/received-digest has the daily job e-mail one digest, through a real SMTP server (smtp-server), with
 * the closing documents — once that day, and not at all on a day when none is near.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveKeyOf, seedOrganization, startTestServer, type SeededOrganization, type TestServer } from './harness.ts';
import { foreignDocument } from '../fixtures/archive-documents.ts';
import { SMTP_PASSWORD, SMTP_USER, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

const OWNER = '3101123456';
const SUPPLIER = '3101999999';
let now = new Date('2026-03-09T15:00:00Z'); // Monday, 09:00 in Costa Rica
const clock = { now: () => now };
let t: TestServer;
let org: SeededOrganization;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ clock });
  org = seedOrganization(t);
  const res = await t.call('PUT', '/settings/smtp', {
    key: liveKeyOf(t, org),
    body: { host: '127.0.0.1', port: smtp.port, secure: false, allow_insecure: true, username: SMTP_USER, password: SMTP_PASSWORD, from_address: 'facturas@tecnovalle.example.cr' },
  });
  expect(res.status, res.text).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let serial = 0;
const documentOf = (issuedAt: string) => foreignDocument(++serial, { issuerId: SUPPLIER, receiverId: OWNER, issuedAt });

async function upload(xml: Buffer): Promise<void> {
  const res = await fetch(`${t.url}/api/v1/received-documents`, { method: 'POST', headers: { authorization: `Bearer ${org.key}`, 'content-type': 'application/xml' }, body: new Uint8Array(xml) });
  expect((await res.json()).data.files[0].status).toBe('stored');
}

// Received in this order: March's (due 14 April), two of February's (due 11 March: closing), one of January's
// (its window closed in February: stored as tacitly accepted, not pending).
const march = documentOf('2026-03-05T10:00:00-06:00');
const february = [documentOf('2026-02-20T10:00:00-06:00'), documentOf('2026-02-27T16:00:00-06:00')];
const january = documentOf('2026-01-15T10:00:00-06:00');

describe('GET /received-documents/deadlines', () => {
  it('counts what awaits an answer and lists the nearest deadline first', async () => {
    for (const doc of [march, ...february, january]) await upload(doc.xml);
    const res = await t.call('GET', '/received-documents/deadlines', { key: org.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ pending: 3, closing: 2, next_due: '2026-03-11' });
    expect(res.body.data.documents.map((d: { clave: string; answer_due: string; deadline: string }) => [d.clave, d.answer_due, d.deadline])).toEqual([
      [february[0]!.clave, '2026-03-11', 'closing'],
      [february[1]!.clave, '2026-03-11', 'closing'],
      [march.clave, '2026-04-14', 'open'],
    ]);
    expect(res.body.data.documents[0]).toMatchObject({ consecutive: february[0]!.consecutive, supplier: { identification: SUPPLIER }, currency: 'CRC', total: expect.stringMatching(/^\d+\.\d{5}$/) });
  });

  it('is not taken for a clave, and needs invoices:read', async () => {
    const reader = seedOrganization(t, { identificationNumber: '3101654321' }, { abilities: ['settings:read'] });
    expect((await t.call('GET', '/received-documents/deadlines', { key: reader.key })).status).toBe(403);
    const empty = seedOrganization(t, { identificationNumber: '3101654322' });
    expect((await t.call('GET', '/received-documents/deadlines', { key: empty.key })).body.data).toEqual({ pending: 0, closing: 0, next_due: null, documents: [] });
  });

  it('sorts the list by deadline on request', async () => {
    const res = await t.call('GET', '/received-documents?sort=deadline&state=pending', { key: org.key });
    expect(res.body.data.map((d: { clave: string }) => d.clave)).toEqual([february[0]!.clave, february[1]!.clave, march.clave]);
    const unknown = await t.call('GET', '/received-documents?sort=newest', { key: org.key });
    expect([unknown.status, unknown.text]).toEqual([400, expect.stringContaining('sort')]);
  });
});

describe('/settings/received-digest', () => {
  it('refuses what it cannot keep', async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}@tecnovalle.example.cr`);
    for (const body of [{ recipients: [] }, { recipients: five }, { recipients: ['no es un correo'] }, { recipients: ['a@tecnovalle.example.cr'], days_before: 9 }, { recipients: ['a@tecnovalle.example.cr'], extra: 1 }]) {
      const res = await t.call('PUT', '/settings/received-digest', { key: org.key, body });
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([422, 'validation_error']);
    }
    const reader = seedOrganization(t, { identificationNumber: '3101654323' }, { abilities: ['settings:read'] });
    expect((await t.call('PUT', '/settings/received-digest', { key: reader.key, body: { recipients: ['a@tecnovalle.example.cr'] } })).status).toBe(403);
    expect((await t.call('GET', '/settings/received-digest', { key: reader.key })).body.data).toMatchObject({ configured: false, enabled: false, days_before: 3 });
  });

  it('e-mails the closing documents once that day, nearest first', async () => {
    const saved = await t.call('PUT', '/settings/received-digest', { key: org.key, body: { recipients: ['compras@tecnovalle.example.cr'] } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Resumen de plazos guardado.', data: { configured: true, enabled: true, days_before: 3, environment: 'staging', last_sent_on: null } });
    await t.server.core.outbox.tick();
    // Saved again the same day: the job runs again, and sends nothing more.
    await t.call('PUT', '/settings/received-digest', { key: org.key, body: { recipients: ['compras@tecnovalle.example.cr'], days_before: 3 } });
    await t.server.core.outbox.tick();
    expect(smtp.messages).toHaveLength(1);
    const text = smtp.messages[0]!.parsed.text ?? '';
    expect(smtp.messages[0]!.envelope.to).toEqual(['compras@tecnovalle.example.cr']);
    expect(text.indexOf(february[0]!.consecutive)).toBeGreaterThan(-1);
    expect(text.indexOf(february[0]!.consecutive)).toBeLessThan(text.indexOf(february[1]!.consecutive));
    expect(text).not.toContain(march.consecutive);
    expect(text).toContain('Último día: 11/03/2026');
    expect((await t.call('GET', '/settings/received-digest', { key: org.key })).body.data).toMatchObject({ last_sent_on: '2026-03-09', last_error: null });
  });

  it('sends nothing on a day when no deadline is near', async () => {
    now = new Date('2026-03-12T13:00:00Z'); // Thursday: February's windows closed; March's is weeks away
    await t.server.core.outbox.tick();
    expect(smtp.messages).toHaveLength(1);
    const banner = await t.call('GET', '/received-documents/deadlines', { key: org.key });
    expect(banner.body.data).toMatchObject({ pending: 1, closing: 0, next_due: '2026-04-14' });
    expect((await t.call('GET', '/settings/received-digest', { key: org.key })).body.data.last_sent_on).toBe('2026-03-09');
  });

  it('stops when removed', async () => {
    expect((await t.call('DELETE', '/settings/received-digest', { key: org.key })).status).toBe(200);
    const again = await t.call('DELETE', '/settings/received-digest', { key: org.key });
    expect([again.status, again.body.error.code]).toEqual([404, 'not_found']);
  });
});
