/**
 * The `received.*` events on a real store: each recorded in the transaction of the change it reports, once —
 * a document received again, a document settled again, announce nothing; the tax authority's verdict on our
 * MensajeReceptor announces the received document's answer_accepted / answer_rejected.
 */
import { describe, expect, it } from 'vitest';
import { receiveFiles } from '../../../src/received/receive-files.ts';
import { settle } from '../../../src/received/received-queries.ts';
import { RECEIVED_DEADLINES_JOB } from '../../../src/received/deadline-schedule.ts';
import { markVerdict, recordOnly } from '../../../src/store/document-status.ts';
import { insertReceived, type NewReceivedDocument } from '../../../src/store/received-documents.ts';
import { WEBHOOK_EVENTS } from '../../../src/webhooks/events.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';
import { clock, fixture } from '../../helpers/use-case-store.ts';
import { receivingDeps } from '../../helpers/receiving.ts';

const OWNER = '3101123456';
const SUPPLIER = '3101999999';
const f = fixture();
const deps = receivingDeps(f.store);
const scope = { organizationId: f.organization.id, environment: 'staging' };
const upload = { kind: 'upload' as const, name: 'fe.xml' };

function events(type: string): Record<string, unknown>[] {
  return (f.store.db.$client.prepare('SELECT payload FROM events WHERE type = ? ORDER BY id').all(type) as { payload: string }[]).map((r) => JSON.parse(r.payload));
}

let serial = 0;
/** A received row as the store keeps it (March 2026: due 14 April; the fixture's clock stands at 1 April). */
function row(fields: Partial<NewReceivedDocument> = {}): NewReceivedDocument {
  const n = String(++serial).padStart(10, '0');
  return {
    ...scope, clave: `50601042600310199999900100001010${n}`.padEnd(50, '7').slice(0, 50), documentType: '01',
    consecutive: `0010000101${n}`, issuerIdentificationType: '02', issuerIdentification: SUPPLIER, issuerName: 'Proveedor S.A.', receiverIdentification: OWNER,
    currency: 'CRC', exchangeRate: '1.00000', totalAmount: '1130.00000', taxAmount: '130.00000', taxBreakdown: [], references: [],
    issuedAt: '2026-03-15T10:00:00-06:00', transactionMonth: '2026-03', answerDue: '2026-04-14', signedXml: Buffer.from(`<doc n="${n}"/>`), chainVerified: false,
    findings: [], state: 'pending', source: 'upload', sourceName: 'fe.xml', receivedAt: clock.now().toISOString(), ...fields,
  };
}

describe('received.* events', () => {
  it('are subscribable', () => {
    for (const event of ['received.stored', 'received.answered', 'received.answer_accepted', 'received.answer_rejected', 'received.tacitly_accepted']) {
      expect(WEBHOOK_EVENTS).toContain(event);
    }
  });

  it('announce a supplier\'s document stored once, whatever the number of times it arrives', async () => {
    const doc = foreignDocument(1, { issuerId: SUPPLIER, receiverId: OWNER, issuedAt: '2026-03-20T10:00:00-06:00' });
    expect((await receiveFiles(deps, { ...scope, owner: OWNER }, upload, [{ name: 'fe.xml', bytes: doc.xml }]))[0]!.status).toBe('stored');
    expect((await receiveFiles(deps, { ...scope, owner: OWNER }, upload, [{ name: 'fe.xml', bytes: doc.xml }]))[0]!.status).toBe('duplicate');
    const stored = events('received.stored').filter((e) => e['document_key'] === doc.clave);
    expect(stored).toEqual([{
      document_key: doc.clave, document_type: '01', consecutive_number: doc.consecutive,
      supplier: { identification: SUPPLIER, name: expect.any(String) },
      total: expect.stringMatching(/^\d+\.\d{5}$/), tax: expect.stringMatching(/^\d+\.\d{5}$/), currency: 'CRC',
      answer_due: '2026-04-14', state: 'pending', claimable: false,
    }]);
    // The document awaits an answer: the daily deadline job is scheduled, one for the organization.
    const jobs = f.store.db.$client.prepare("SELECT count(*) AS n FROM outbox_jobs WHERE kind = ? AND status = 'pending'").get(RECEIVED_DEADLINES_JOB) as { n: number };
    expect(jobs.n).toBe(1);
  });

  it('announce each document settled as tacitly accepted once, with its last day', () => {
    const late = row({ answerDue: '2026-03-12', transactionMonth: '2026-02' });
    const onTime = row();
    for (const r of [late, onTime]) insertReceived(f.store.db, r, clock.now());
    settle(deps, scope);
    settle(deps, scope);
    const tacit = events('received.tacitly_accepted');
    expect(tacit).toEqual([{ document_key: late.clave, answer_due: '2026-03-12' }]);
  });

  it('announce the tax authority\'s verdict on our answer about a document kept here, and only then', () => {
    const kept = row();
    insertReceived(f.store.db, kept, clock.now());
    const answer = f.document({ type: '05', status: 'sent', clave: kept.clave });
    markVerdict(f.store, answer, { status: 'accepted', message: 'Aceptado', rejections: [] }, recordOnly, clock.now());
    const stranger = f.document({ type: '07', status: 'sent' }); // a receiver message about a document not kept here
    markVerdict(f.store, stranger, { status: 'rejected', message: 'Rechazado', rejections: [] }, recordOnly, clock.now());
    expect(events('received.answer_accepted')).toEqual([{ document_key: kept.clave, answer_consecutive: answer.consecutive, hacienda_status: 'accepted', hacienda_message: 'Aceptado' }]);
    expect(events('received.answer_rejected')).toEqual([]);
    // The document's own event goes as before, beside it.
    expect(events('document.rejected').map((e) => e['document_key'])).toContain(stranger.clave);
  });
});
