/**
 * Documents kept before their VAT figures were get them from their signed XML, read in a worker, the first
 * time their month is asked for; one whose XML cannot be read is named, not counted as zero.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { fixture } from '../../helpers/use-case-store.ts';
import { documents } from '../../../src/store/schema.ts';
import { monthIssuedVat } from '../../../src/store/vat-lines.ts';
import { backfillVatMonth } from '../../../src/reports/vat-backfill.ts';
import { DocumentVatReader } from '../../../src/reports/document-vat-reader.ts';
import { documentVat } from '../../../src/domain/vat-lines.ts';
import { prepareDocument } from '../../../src/documents/prepare-document.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { shippedCabysCatalog } from '../../../src/catalogs/cabys-catalog.ts';
import { shippedDistrictCodes } from '../../../src/catalogs/district-codes.ts';
import { example } from '../documents/probes/probe.ts';

const reader = new DocumentVatReader();
afterAll(() => reader.close());

const counter = new InMemoryCounter();
function prepared(date: string) {
  const body = example('01-factura');
  (body['document'] as Record<string, unknown>)['date'] = date;
  return prepareDocument(body, { now: new Date(new Date(date).getTime() + 60_000), counter, cabys: shippedCabysCatalog(), reference: shippedDistrictCodes() });
}

describe('backfilling a month\'s VAT figures', () => {
  const f = fixture();
  const scope = { organizationId: f.organization.id, environment: 'staging' };
  const insert = (clave: string, consecutive: string, issuedAt: string, xml: Buffer) => {
    const at = new Date().toISOString();
    f.store.db.insert(documents).values({
      organizationId: f.organization.id, environment: 'staging', documentType: '01', clave, consecutive, situation: '1', status: 'accepted',
      currency: 'CRC', netAmount: '0', taxAmount: '0', totalAmount: '0', signedXml: xml, transactionId: randomUUID(), issuedAt, createdAt: at, updatedAt: at,
    }).run();
  };
  // Two of November (one late on the 30th, Costa Rica time), one of December, and one whose XML is damaged.
  const docs = ['2026-11-03T10:00:00-06:00', '2026-11-30T23:30:00-06:00', '2026-12-01T00:10:00-06:00'].map(prepared);
  for (const d of docs) insert(d.model.clave, d.model.consecutive, d.model.issuedAt, Buffer.from(d.xml));
  insert('5'.repeat(50), '0'.repeat(20), '2026-11-15T10:00:00-06:00', Buffer.from('<FacturaElectronica'));

  it('reads the month\'s documents, stores their figures, and names the unreadable one', async () => {
    const deps = { store: f.store, readVat: (bytes: Buffer) => reader.read(bytes) };
    expect(await backfillVatMonth(deps, scope, '2026-11')).toEqual(['5'.repeat(50)]);
    const november = monthIssuedVat(f.store.db, scope, '2026-11');
    expect(november.map((d) => d.clave)).toEqual([docs[0]!.model.clave, docs[1]!.model.clave]);
    expect(november[0]!.lines).toEqual(documentVat(docs[0]!.model).lines);
    // The December one, within the query's margin, is filed under its own month.
    expect(monthIssuedVat(f.store.db, scope, '2026-12').map((d) => d.clave)).toEqual([docs[2]!.model.clave]);
  });

  it('does nothing the second time but name the unreadable one again', async () => {
    const before = f.count('vat_lines');
    expect(await backfillVatMonth({ store: f.store, readVat: (b) => reader.read(b) }, scope, '2026-11')).toEqual(['5'.repeat(50)]);
    expect(f.count('vat_lines')).toBe(before);
  });
});
