/**
 * Documents kept before their VAT figures were (store/vat-lines.ts) get them the first time their month's
 * worksheet is asked for: read from their signed XML in a worker, a batch at a time, each batch stored in
 * one transaction. A document whose XML cannot be read is reported, never counted as zero.
 */
import type { Store } from '../store/database.ts';
import type { Scope } from '../store/received-documents.ts';
import { documentsWithoutVat, insertVat } from '../store/vat-lines.ts';
import { transactionMonth } from '../domain/vat-lines.ts';
import type { VatReading } from './read-document-vat.ts';

export interface BackfillDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  readVat: (bytes: Buffer) => Promise<VatReading>;
}

const BATCH = 500;

/** Fills in the month's missing figures; returns the claves of the documents whose XML could not be read. */
export async function backfillVatMonth(deps: BackfillDependencies, scope: Scope, month: string): Promise<string[]> {
  const unreadable = new Map<string, string>();
  for (;;) {
    // Unreadable ones stay without figures: ask for enough to get past them.
    const pending = documentsWithoutVat(deps.store.db, scope, month, BATCH + unreadable.size).filter((d) => !unreadable.has(`${d.source}:${d.id}`));
    if (pending.length === 0) break;
    const read = await Promise.all(pending.map(async (d) => ({ d, reading: await deps.readVat(d.signedXml) })));
    deps.store.transaction((db) => {
      for (const { d, reading } of read) {
        if ('problem' in reading) unreadable.set(`${d.source}:${d.id}`, d.clave);
        // Stored under its own month, which the day's margin of the query may put next to this one.
        else insertVat(db, { source: d.source, documentId: d.id, ...scope, month: transactionMonth(d.issuedAt), documentType: d.documentType }, reading.vat);
      }
    });
  }
  return [...unreadable.values()];
}
