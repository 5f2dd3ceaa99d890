/**
 * The VAT lines of documents replicated to a head office, read after the till has its answer
 * (docs/replication.md, "Documents"): kept once, with the worksheet's backfill getting there first changing
 * nothing; unreadable XML and a full queue left to that backfill; a store that fails only warns.
 */
import { describe, expect, it } from 'vitest';
import { readDocumentVat } from '../../../src/reports/read-document-vat.ts';
import { insertVat } from '../../../src/store/vat-lines.ts';
import { MAX_WAITING, VatAfterIntake, type StoredForVat } from '../../../src/replication/head-office/vat-after-intake.ts';
import { foreignDocument } from '../../fixtures/archive-documents.ts';
import { fixture } from '../../helpers/use-case-store.ts';

function storedOf(f: ReturnType<typeof fixture>): StoredForVat {
  const row = f.document();
  const doc = foreignDocument(row.id);
  return { id: row.id, organizationId: f.organization.id, environment: 'staging', documentType: '01', issuedAt: '2025-06-15T10:30:00-06:00', signedXml: doc.xml };
}

const lines = (f: ReturnType<typeof fixture>, id: number) => (f.store.db.$client.prepare('SELECT count(*) AS n FROM vat_lines WHERE document_id = ?').get(id) as { n: number }).n;

describe('VatAfterIntake', () => {
  it('keeps the lines read from the signed XML, once, even when the backfill got there first', async () => {
    const f = fixture();
    const vat = new VatAfterIntake({ store: f.store, readVat: async (bytes) => readDocumentVat(bytes) });
    const [a, b] = [storedOf(f), storedOf(f)];
    // The worksheet's backfill kept b's figures before the background reading did.
    const readB = readDocumentVat(b.signedXml);
    if (!('vat' in readB)) throw new Error(readB.problem);
    insertVat(f.store.db, { source: 'issued', documentId: b.id, organizationId: b.organizationId, environment: 'staging', month: '2025-06', documentType: '01' }, readB.vat);
    const before = lines(f, b.id);
    vat.keep([a, b]);
    await vat.settled();
    expect(lines(f, a.id)).toBe(readB.vat.lines.length);
    expect(lines(f, b.id)).toBe(before);
    expect(f.count('vat_documents')).toBe(2);
    f.store.close();
  });

  it('leaves unreadable XML and anything beyond the queue limit to the backfill', async () => {
    const f = fixture();
    let reads = 0;
    const vat = new VatAfterIntake({ store: f.store, readVat: async (bytes) => { reads++; return readDocumentVat(bytes); } });
    const broken = { ...storedOf(f), signedXml: Buffer.from('<FacturaElectronica>') };
    vat.keep([broken]);
    await vat.settled();
    expect(f.count('vat_documents')).toBe(0);
    const many = storedOf(f);
    vat.keep(Array.from({ length: MAX_WAITING + 1 }, () => many));
    await vat.settled();
    expect(reads).toBe(1);
    f.store.close();
  });

  it('warns, and throws nothing, when the store cannot take them', async () => {
    const f = fixture();
    const warnings: string[] = [];
    const vat = new VatAfterIntake({ store: f.store, readVat: async (bytes) => readDocumentVat(bytes), warn: (m) => warnings.push(m) });
    const one = storedOf(f);
    f.store.close();
    vat.keep([one]);
    await vat.settled();
    expect(warnings).toEqual([expect.stringContaining("left to the worksheet's backfill")]);
  });
});
