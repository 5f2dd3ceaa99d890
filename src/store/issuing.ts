/** The store side of issuing (domain/issuing-port.ts): counters, duplicates and saving documents. */
import type { CounterRef, CounterWrite, IssuedRecord, IssuingBackend, IssuingScope, IssuingTransaction, SavedDocument, ReceiverMessageRecord } from '../domain/issuing-port.ts';
import type { Clock } from '../domain/clock.ts';
import type { Db, Store } from './database.ts';
import { findDocumentByClave, findDocumentByConsecutive, insertDocument, type IssuedDocumentRow } from './documents.ts';
import { noteUsedConsecutive, readNextConsecutive, setNextConsecutive, takeNextConsecutive } from './counters-issue.ts';
import { enqueueJob } from './outbox.ts';
import { bindIdempotencyKey } from './idempotency.ts';
import { recordOnly, type Emit } from './document-status.ts';
import { isReceiverMessageType, tillOfConsecutive } from '../domain/consecutive.ts';
import { signedXmlPath } from '../domain/document-paths.ts';
import { documentTypeName } from '../domain/codes.ts';
import { openingBalance } from '../domain/note-balance.ts';
import { applyBalanceMove } from './note-balances.ts';
import { insertVat } from './vat-lines.ts';
import { documentVat, transactionMonth } from '../domain/vat-lines.ts';
import { openShiftId } from './open-shift.ts';

export const SUBMIT_DOCUMENT_JOB = 'submit_document';

export class CounterMovedError extends Error {}

function documentRow(issued: IssuedRecord, scope: IssuingScope, at: Date): IssuedDocumentRow {
  const m = issued.model;
  const iso = at.toISOString();
  return {
    organizationId: scope.organizationId,
    environment: scope.environment,
    documentType: m.type,
    clave: m.clave,
    consecutive: m.consecutive,
    situation: issued.situation,
    status: 'processing',
    emisorIdentification: m.issuer.identification.number,
    emisorName: m.issuer.name,
    receptorIdentification: m.receiver?.identification.number ?? null,
    receptorName: m.receiver?.name ?? null,
    currency: m.summary.currency,
    exchangeRate: m.summary.exchangeRate.toString(),
    netAmount: m.summary.netSales.toFixed(5),
    taxAmount: m.summary.tax.toFixed(5),
    totalAmount: m.summary.total.toFixed(5),
    signedXml: issued.signedXml,
    simulate: issued.simulate ?? null,
    callbackUrl: issued.callbackUrl ?? null,
    emailRecipients: issued.emailRecipients ?? null,
    transactionId: issued.transactionId,
    issuedAt: m.issuedAt,
    balance: openingBalance(m.type, m.summary.total, issued.balance?.holderId !== undefined),
    cashierId: issued.attribution?.cashierId ?? null,
    approvedBy: issued.attribution?.approvedBy ?? null,
    payments: m.summary.payments.map((p) => ({ method: p.method, amount: p.amount.toFixed(5) })),
    createdAt: iso,
    updatedAt: iso,
  };
}

/** Saves a signed document row with its submission job and `document.signed` event. */
function saveRow(db: Db, row: IssuedDocumentRow, emit: Emit): SavedDocument {
  const at = new Date(row.createdAt);
  const id = insertDocument(db, row);
  enqueueJob(db, SUBMIT_DOCUMENT_JOB, { documentId: id }, at);
  const receiverMessage = isReceiverMessageType(row.documentType);
  emit(db, row, 'document.signed', {
    document_key: row.clave,
    document_type: receiverMessage ? 'RC' : row.documentType,
    // The name of the type itself (05–07 name which receiver message it is), as the document views give it.
    document_type_name: documentTypeName(row.documentType),
    consecutive_number: row.consecutive,
    environment: row.environment,
    signed_xml_path: signedXmlPath(row.clave),
  }, at, row.callbackUrl);
  return { id, createdAt: row.createdAt };
}

function saveIssued(db: Db, scope: IssuingScope, issued: IssuedRecord, at: Date, emit: Emit): SavedDocument {
  const m = issued.model;
  // The till's open shift takes the sale, read in the transaction that saves it (docs/tills.md).
  const till = tillOfConsecutive(m.consecutive);
  const shiftId = openShiftId(db, scope, till.branch, till.terminal) ?? null;
  const saved = saveRow(db, { ...documentRow(issued, scope, at), shiftId }, emit);
  // Its VAT by rate, for the month's worksheet (src/reports/), with the document or not at all.
  insertVat(db, { source: 'issued', documentId: saved.id, ...scope, month: transactionMonth(m.issuedAt), documentType: m.type }, documentVat(m));
  // A note moves its document's balance in the same transaction, or nothing is saved (docs/documents-api.md).
  if (issued.balance) applyBalanceMove(db, saved.id, issued.balance);
  // With the document, not after it: a crash before the answer is stored must not let a retry issue twice.
  if (issued.idempotency) bindIdempotencyKey(db, issued.idempotency, saved.id);
  return saved;
}

/** A receiver message as a document row: its own consecutive (05/06/07), the supplier's clave. */
function receiverMessageRow(record: ReceiverMessageRecord, scope: IssuingScope, at: Date): IssuedDocumentRow {
  const m = record.model;
  const iso = at.toISOString();
  const tax = m.totalTax?.toFixed(5) ?? '0.00000';
  return {
    organizationId: scope.organizationId,
    environment: scope.environment,
    documentType: m.receiverConsecutive.slice(8, 10),
    clave: m.clave,
    consecutive: m.receiverConsecutive,
    situation: '1',
    status: 'processing',
    emisorIdentification: m.issuerId,
    emisorName: null,
    receptorIdentification: m.receiverId,
    receptorName: null,
    // MensajeReceptor carries no currency: its amounts are the supplier's document's, as the receiver gave them.
    currency: 'CRC',
    exchangeRate: null,
    netAmount: m.total.minus(tax).toFixed(5),
    taxAmount: tax,
    totalAmount: m.total.toFixed(5),
    signedXml: record.signedXml,
    simulate: null,
    callbackUrl: record.callbackUrl ?? null,
    transactionId: record.transactionId,
    issuedAt: m.issuedAt,
    createdAt: iso,
    updatedAt: iso,
  };
}

const counterKey = (scope: IssuingScope, c: CounterRef) => ({ organizationId: scope.organizationId, environment: scope.environment, ...c });

function transactionOf(db: Db, scope: IssuingScope, at: Date, emit: Emit): IssuingTransaction {
  return {
    nextConsecutive: (c) => takeNextConsecutive(db, counterKey(scope, c), at),
    noteUsedConsecutive: (c, used) => noteUsedConsecutive(db, counterKey(scope, c), used, at),
    documentWithConsecutive: (consecutive) => findDocumentByConsecutive(db, scope.organizationId, scope.environment, consecutive),
    documentWithClave: (clave) => findDocumentByClave(db, scope.organizationId, scope.environment, clave),
    saveIssued: (issued) => saveIssued(db, scope, issued, at, emit),
    saveReceiverMessage: (record) => saveRow(db, receiverMessageRow(record, scope, at), emit),
  };
}

/** `emit` records events (and fans them out to webhooks, as the composition root wires it). */
/**
 * A batch reads and writes back only its counters; everything else it writes is new rows. So it waits only
 * for batches on the same counters (store.transactionOn), and processes issuing on different tills commit
 * side by side. A note moves another document's balance: a batch with one takes the ordinary transaction.
 */
function batchTransaction<T>(store: Store, counters: CounterWrite[], movesBalances: boolean, fn: (tx: Db) => T): T {
  if (movesBalances) return store.transaction(fn);
  return store.transactionOn(counters.map((w) => `counter:${JSON.stringify(counterKey(w.scope, w.counter))}`), fn);
}

export function issuingBackend(store: Store, clock: Clock, emit: Emit = recordOnly): IssuingBackend {
  const db = store.db;
  return {
    readCounter: (scope, c) => readNextConsecutive(db, counterKey(scope, c)),
    documentWithConsecutive: (scope, consecutive) => findDocumentByConsecutive(db, scope.organizationId, scope.environment, consecutive),
    documentWithClave: (scope, clave) => findDocumentByClave(db, scope.organizationId, scope.environment, clave),
    commitBatch: (counters: CounterWrite[], records) =>
      batchTransaction(store, counters, records.some((r) => r.record.balance !== undefined), (tx) => {
        const at = clock.now();
        for (const w of counters) {
          const key = counterKey(w.scope, w.counter);
          if (readNextConsecutive(tx, key) !== w.expected) throw new CounterMovedError(`counter ${JSON.stringify(key)} moved during the batch`);
          setNextConsecutive(tx, key, w.expected !== undefined, w.next, at);
        }
        return records.map((r) => saveIssued(tx, r.scope, r.record, at, emit));
      }),
    runOne: (scope, fn) => store.batch((tx) => fn(transactionOf(tx, scope, clock.now(), emit))),
  };
}
