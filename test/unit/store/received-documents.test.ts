import { describe, expect, it } from 'vitest';
import {
  attachHaciendaAnswer, attachPdf, findReceivedByClave, insertReceived, listReceived, markTacitlyAccepted,
  type NewReceivedDocument,
} from '../../../src/store/received-documents.ts';
import { clock, fixture } from '../../helpers/use-case-store.ts';

const f = fixture();
const scope = { organizationId: f.organization.id, environment: 'staging' };

let serial = 0;
function row(fields: Partial<NewReceivedDocument> = {}): NewReceivedDocument {
  const n = String(++serial).padStart(10, '0');
  return {
    ...scope, clave: `50601042600310199999900100001010${n}`.padEnd(50, '1').slice(0, 50), documentType: '01',
    consecutive: `0010000101${n}`, issuerIdentificationType: '02', issuerIdentification: '3101999999', issuerName: 'Proveedor S.A.', receiverIdentification: '3101123456',
    currency: 'CRC', exchangeRate: '1.00000', totalAmount: '1130.00000', taxAmount: '130.00000',
    taxBreakdown: [{ code: '01', rateCode: '08', amount: '130.00000' }], references: [], issuedAt: '2026-03-15T10:00:00-06:00',
    transactionMonth: '2026-03', answerDue: '2026-04-14', signedXml: Buffer.from(`<doc n="${n}"/>`), chainVerified: false,
    findings: [], state: 'pending', source: 'upload', sourceName: 'factura.xml', receivedAt: clock.now().toISOString(), ...fields,
  };
}

describe('received documents in the store', () => {
  it('keeps one row per clave: the second arrival of the same document changes nothing', () => {
    const first = row();
    const id = insertReceived(f.store.db, first, clock.now());
    expect(id).toBeTypeOf('number');
    expect(insertReceived(f.store.db, { ...first, signedXml: Buffer.from('<other/>'), source: 'imap' }, clock.now())).toBeUndefined();
    const stored = findReceivedByClave(f.store.db, scope, first.clave)!;
    expect(stored.signedXml.equals(first.signedXml)).toBe(true);
    expect(stored.source).toBe('upload');
  });

  it('fills in the tax authority\'s answer and the PDF once, never over what is there', () => {
    const doc = row();
    insertReceived(f.store.db, doc, clock.now());
    const answer = { xml: Buffer.from('<MensajeHacienda/>'), state: 'aceptado', findings: [] };
    expect(attachHaciendaAnswer(f.store.db, scope, doc.clave, answer, clock.now())).toBe(true);
    expect(attachHaciendaAnswer(f.store.db, scope, doc.clave, { ...answer, state: 'rechazado' }, clock.now())).toBe(false);
    expect(attachPdf(f.store.db, scope, doc.clave, Buffer.from('%PDF-1'), clock.now())).toBe('attached');
    expect(attachPdf(f.store.db, scope, doc.clave, Buffer.from('%PDF-2'), clock.now())).toBe('present');
    expect(attachPdf(f.store.db, scope, '9'.repeat(50), Buffer.from('%PDF-3'), clock.now())).toBe('missing');
    const stored = findReceivedByClave(f.store.db, scope, doc.clave)!;
    expect([stored.haciendaAnswerState, stored.pdf?.toString()]).toEqual(['aceptado', '%PDF-1']);
  });

  it('presumes accepted what was left unanswered past its last day, and nothing else', () => {
    const late = row({ answerDue: '2026-04-14' });
    const onTime = row({ answerDue: '2026-05-13' });
    const answered = row({ answerDue: '2026-04-14', state: 'accepted' });
    for (const r of [late, onTime, answered]) insertReceived(f.store.db, r, clock.now());
    markTacitlyAccepted(f.store.db, scope, '2026-04-15', clock.now());
    expect(markTacitlyAccepted(f.store.db, { ...scope, environment: 'production' }, '2026-04-15', clock.now())).toEqual([]);
    const states = [late, onTime, answered].map((r) => findReceivedByClave(f.store.db, scope, r.clave)!.state);
    expect(states).toEqual(['tacitly_accepted', 'pending', 'accepted']);
  });

  it('lists by state, supplier and month, in its organization and environment only', () => {
    const other = row({ issuerIdentification: '3101888888', transactionMonth: '2026-02', answerDue: '2026-03-11' });
    insertReceived(f.store.db, other, clock.now());
    const bySupplier = listReceived(f.store.db, scope, { supplier: '3101888888', limit: 10, offset: 0 });
    expect(bySupplier.rows.map((r) => r.clave)).toEqual([other.clave]);
    expect(listReceived(f.store.db, scope, { month: '2026-02', limit: 10, offset: 0 }).total).toBe(1);
    const pending = listReceived(f.store.db, scope, { state: 'pending', limit: 10, offset: 0 });
    expect(pending.rows.every((r) => r.state === 'pending')).toBe(true);
    expect(listReceived(f.store.db, { ...scope, environment: 'production' }, { limit: 10, offset: 0 }).total).toBe(0);
  });
});
