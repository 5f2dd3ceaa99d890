/**
 * Saving a batch of issued documents in one transaction (the pipeline's commit): counters checked and moved,
 * then every document with its submission job and `document.signed` event. Takes plain rows only, so that
 * the same code runs on the main connection or in the commit worker (commit-worker.ts).
 */
import type { CounterWrite, SavedDocument } from '../domain/issuing-port.ts';
import type { Store } from './database.ts';
import { insertDocument, type IssuedDocumentRow } from './documents.ts';
import { readNextConsecutive, setNextConsecutive } from './counters-issue.ts';
import { enqueueJob, recordEvent } from './outbox.ts';

export const SUBMIT_DOCUMENT_JOB = 'submit_document';

export class CounterMovedError extends Error {}

export function saveIssuedRow(db: Store['db'], row: IssuedDocumentRow): SavedDocument {
  const at = new Date(row.createdAt);
  const id = insertDocument(db, row);
  enqueueJob(db, SUBMIT_DOCUMENT_JOB, { documentId: id }, at);
  recordEvent(db, row.organizationId, 'document.signed', {
    document_key: row.clave,
    document_type: row.documentType,
    consecutive_number: row.consecutive,
    environment: row.environment,
  }, at);
  return { id, createdAt: row.createdAt };
}

export function commitBatchRows(store: Store, counters: CounterWrite[], rows: IssuedDocumentRow[], at: Date): SavedDocument[] {
  return store.transaction((tx) => {
    for (const w of counters) {
      const key = { organizationId: w.scope.organizationId, environment: w.scope.environment, ...w.counter };
      if (readNextConsecutive(tx, key) !== w.expected) throw new CounterMovedError(`counter ${JSON.stringify(key)} moved during the batch`);
      setNextConsecutive(tx, key, w.expected !== undefined, w.next, at);
    }
    return rows.map((row) => saveIssuedRow(tx, row));
  });
}
