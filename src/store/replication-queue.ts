/**
 * Till side of replication (docs/replication.md): which documents the head office has not confirmed yet.
 * `documents.replicated_version` holds the `updated_at` the head office last confirmed, so a document is
 * waiting while the two differ — a new document, and every status change after a confirmation (each bumps
 * `updated_at`). No queue table: the documents are the queue, and nothing extra is written when issuing.
 */
import type { Db } from './database.ts';
import { forEngine } from './sql-dialect.ts';

export const REPLICATE_DOCUMENTS_JOB = 'replicate-documents';
export const PULL_HEAD_OFFICE_JOB = 'pull-head-office';

/** A document waiting for the head office, with the cashier's name and the shift's times it went with. */
export interface WaitingDocumentRow {
  id: number;
  clave: string;
  consecutive: string;
  documentType: string;
  environment: string;
  situation: string;
  status: string;
  haciendaStatus: string | null;
  haciendaMessage: string | null;
  haciendaResponseAt: string | null;
  issuedAt: string;
  currency: string;
  exchangeRate: string | null;
  netAmount: string;
  taxAmount: string;
  totalAmount: string;
  emisorIdentification: string | null;
  emisorName: string | null;
  receptorIdentification: string | null;
  receptorName: string | null;
  payments: string | null;
  signedXml: Buffer;
  responseXml: Buffer | null;
  cashierId: number | null;
  cashierName: string | null;
  shiftId: number | null;
  shiftOpenedAt: string | null;
  shiftClosedAt: string | null;
  updatedAt: string;
}

// SQLite's `IS NOT` compares NULLs as values; PostgreSQL spells it IS DISTINCT FROM.
const DIFFERS = { sqlite: 'IS NOT', postgres: 'IS DISTINCT FROM' };

/**
 * Up to `limit` waiting documents of the organization after document `afterId`, oldest first. Documents
 * replicated from tills (`till_id` set: this store is a head office too) are not sent on.
 */
export function waitingDocuments(db: Db, organizationId: number, afterId: number, limit: number): WaitingDocumentRow[] {
  return db.$client.prepare(`
    SELECT d.id, d.clave, d.consecutive, d.document_type AS "documentType", d.environment, d.situation, d.status,
           d.hacienda_status AS "haciendaStatus", d.hacienda_message AS "haciendaMessage",
           d.hacienda_response_at AS "haciendaResponseAt", d.issued_at AS "issuedAt", d.currency,
           d.exchange_rate AS "exchangeRate", d.net_amount AS "netAmount", d.tax_amount AS "taxAmount",
           d.total_amount AS "totalAmount", d.emisor_identification AS "emisorIdentification",
           d.emisor_name AS "emisorName", d.receptor_identification AS "receptorIdentification",
           d.receptor_name AS "receptorName", d.payments, d.signed_xml AS "signedXml", d.response_xml AS "responseXml",
           d.cashier_id AS "cashierId", c.name AS "cashierName", d.shift_id AS "shiftId",
           s.opened_at AS "shiftOpenedAt", s.closed_at AS "shiftClosedAt", d.updated_at AS "updatedAt"
      FROM documents d
      LEFT JOIN cashiers c ON c.id = d.cashier_id
      LEFT JOIN shifts s ON s.id = d.shift_id
     WHERE d.organization_id = ? AND d.id > ? AND d.till_id IS NULL
       AND d.replicated_version ${forEngine(db, DIFFERS)} d.updated_at
     ORDER BY d.id
     LIMIT ?`).all(organizationId, afterId, limit) as WaitingDocumentRow[];
}

/** How many documents of the organization the head office has not confirmed. */
export function countWaitingDocuments(db: Db, organizationId: number): number {
  const row = db.$client.prepare(`
    SELECT count(*) AS n FROM documents
     WHERE organization_id = ? AND till_id IS NULL AND replicated_version ${forEngine(db, DIFFERS)} updated_at`).get(organizationId) as { n: number | string };
  return Number(row.n);
}

/**
 * The head office confirmed these versions. A document whose status changed meanwhile (its `updated_at`
 * moved on) stays waiting, so the newer status goes too. `updated_at` itself is left alone.
 */
export function markReplicated(db: Db, confirmed: readonly { id: number; version: string }[]): number {
  const statement = db.$client.prepare('UPDATE documents SET replicated_version = ? WHERE id = ? AND updated_at = ?');
  let changed = 0;
  for (const c of confirmed) changed += statement.run(c.version, c.id, c.version).changes;
  return changed;
}

/** A new head office knows none of the documents: all of them wait again (on pairing). */
export function forgetReplication(db: Db, organizationId: number): void {
  db.$client.prepare('UPDATE documents SET replicated_version = NULL WHERE organization_id = ? AND replicated_version IS NOT NULL').run(organizationId);
}

/** Unlinked: the organization's pending replication jobs go (a running one finds no link and ends). */
export function cancelLinkJobs(db: Db, organizationId: number): void {
  db.$client.prepare(`
    DELETE FROM outbox_jobs
     WHERE kind IN (?, ?) AND status = 'pending' AND CAST(json_extract(payload, '$.organizationId') AS INTEGER) = ?`)
    .run(REPLICATE_DOCUMENTS_JOB, PULL_HEAD_OFFICE_JOB, organizationId);
}
