/** The store side of issuing (domain/issuing-port.ts): one organization and environment. */
import type { IssuedRecord, IssuingStore, IssuingTransaction } from '../domain/issuing-port.ts';
import type { Store } from './database.ts';
import { findDocumentByClave, findDocumentByConsecutive, insertDocument } from './documents.ts';
import { noteUsedConsecutive, takeNextConsecutive } from './counters-issue.ts';
import { enqueueJob, recordEvent } from './outbox.ts';

export const SUBMIT_DOCUMENT_JOB = 'submit_document';

export function issuingStore(store: Store, organizationId: number, environment: string, now: () => Date): IssuingStore {
  return {
    run: (fn) =>
      store.batch((db) => {
        const at = now();
        const counter = (c: { branch: string; terminal: string; documentType: string }) => ({ organizationId, environment, ...c });
        const tx: IssuingTransaction = {
          nextConsecutive: (c) => takeNextConsecutive(db, counter(c), at),
          noteUsedConsecutive: (c, used) => noteUsedConsecutive(db, counter(c), used, at),
          documentWithConsecutive: (consecutive) => findDocumentByConsecutive(db, organizationId, environment, consecutive),
          documentWithClave: (clave) => findDocumentByClave(db, organizationId, environment, clave),
          saveIssued: (issued: IssuedRecord) => {
            const row = documentRow(issued, organizationId, environment, at);
            const id = insertDocument(db, row);
            enqueueJob(db, SUBMIT_DOCUMENT_JOB, { documentId: id }, at);
            recordEvent(db, organizationId, 'document.signed', {
              document_key: row.clave,
              document_type: row.documentType,
              consecutive_number: row.consecutive,
              environment,
            }, at);
            return { id, createdAt: row.createdAt };
          },
        };
        return fn(tx);
      }),
  };
}

function documentRow(issued: IssuedRecord, organizationId: number, environment: string, at: Date) {
  const m = issued.model;
  const iso = at.toISOString();
  return {
    organizationId,
    environment,
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
