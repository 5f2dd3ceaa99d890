/** The store side of issuing (domain/issuing-port.ts): counters, duplicates and saving documents. */
import type { CounterRef, IssuedRecord, IssuingBackend, IssuingScope, IssuingTransaction } from '../domain/issuing-port.ts';
import type { Clock } from '../domain/clock.ts';
import type { Db, Store } from './database.ts';
import { findDocumentByClave, findDocumentByConsecutive, type IssuedDocumentRow } from './documents.ts';
import { noteUsedConsecutive, readNextConsecutive, takeNextConsecutive } from './counters-issue.ts';
import { commitBatchRows, saveIssuedRow } from './batch-commit.ts';
import type { CommitClient } from './commit-client.ts';

export { SUBMIT_DOCUMENT_JOB, CounterMovedError } from './batch-commit.ts';

/** The plain row of a signed document (what the commit worker receives: no Decimals, no classes). */
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
    transactionId: issued.transactionId,
    issuedAt: m.issuedAt,
    createdAt: iso,
    updatedAt: iso,
  };
}

const counterKey = (scope: IssuingScope, c: CounterRef) => ({ organizationId: scope.organizationId, environment: scope.environment, ...c });

function transactionOf(db: Db, scope: IssuingScope, at: Date): IssuingTransaction {
  return {
    nextConsecutive: (c) => takeNextConsecutive(db, counterKey(scope, c), at),
    noteUsedConsecutive: (c, used) => noteUsedConsecutive(db, counterKey(scope, c), used, at),
    documentWithConsecutive: (consecutive) => findDocumentByConsecutive(db, scope.organizationId, scope.environment, consecutive),
    documentWithClave: (clave) => findDocumentByClave(db, scope.organizationId, scope.environment, clave),
    saveIssued: (issued) => saveIssuedRow(db, documentRow(issued, scope, at)),
  };
}

/** Batches commit in the commit worker when one is given (and alive), else on the main connection. */
export function issuingBackend(store: Store, clock: Clock, worker?: CommitClient): IssuingBackend {
  const db = store.db;
  return {
    readCounter: (scope, c) => readNextConsecutive(db, counterKey(scope, c)),
    documentWithConsecutive: (scope, consecutive) => findDocumentByConsecutive(db, scope.organizationId, scope.environment, consecutive),
    documentWithClave: (scope, clave) => findDocumentByClave(db, scope.organizationId, scope.environment, clave),
    commitBatch: async (counters, records) => {
      const at = clock.now();
      const rows = records.map((r) => documentRow(r.record, r.scope, at));
      if (worker?.available) return worker.commit(counters, rows, at);
      return commitBatchRows(store, counters, rows, at);
    },
    runOne: (scope, fn) => store.batch((tx) => fn(transactionOf(tx, scope, clock.now()))),
  };
}
