/**
 * The documents of a fiscal-archive export, read in pages (keyset pagination) so that an export of any size
 * holds one page of signed XML in memory at a time. The range is on the issue date (FechaEmision) in Costa
 * Rica time: `issued_at` is stored with the -06:00 offset (issued documents by construction, imported ones
 * normalised on import), so whole-day bounds compare as text.
 */
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import type { ImportedDocumentRow } from './imported-documents.ts';

export interface ArchiveScope {
  organizationId: number;
  environment: string;
  /** First day, YYYY-MM-DD (inclusive). */
  from: string;
  /** The day after the last one, YYYY-MM-DD (exclusive). */
  until: string;
}

export interface IssuedArchiveRow {
  id: number;
  documentType: string;
  clave: string;
  consecutive: string;
  status: string;
  haciendaStatus: string | null;
  haciendaResponseAt: string | null;
  issuerIdentification: string | null;
  issuerName: string | null;
  receiverIdentification: string | null;
  receiverName: string | null;
  currency: string;
  exchangeRate: string | null;
  netAmount: string;
  taxAmount: string;
  totalAmount: string;
  issuedAt: string;
  signedXml: Buffer;
  responseXml: Buffer | null;
}

export type ImportedArchiveRow = Pick<ImportedDocumentRow,
  'id' | 'documentType' | 'clave' | 'consecutive' | 'issuerIdentification' | 'issuerName' | 'receiverIdentification' | 'receiverName'
  | 'currency' | 'totalAmount' | 'issuedAt' | 'signedXml' | 'responseXml'>;

/** Issued documents (receiver messages included) after `afterId`, in id order. */
export function issuedArchivePage(db: Db, scope: ArchiveScope, afterId: number, limit: number): IssuedArchiveRow[] {
  return prepared(db, 'issuedArchivePage', () => db.$client.prepare(`
    SELECT id, document_type AS documentType, clave, consecutive, status, hacienda_status AS haciendaStatus,
           hacienda_response_at AS haciendaResponseAt, emisor_identification AS issuerIdentification,
           emisor_name AS issuerName, receptor_identification AS receiverIdentification, receptor_name AS receiverName,
           currency, exchange_rate AS exchangeRate, net_amount AS netAmount, tax_amount AS taxAmount,
           total_amount AS totalAmount, issued_at AS issuedAt, signed_xml AS signedXml, response_xml AS responseXml
      FROM documents
     WHERE organization_id = ? AND environment = ? AND id > ? AND issued_at >= ? AND issued_at < ?
     ORDER BY id LIMIT ?`)).all(scope.organizationId, scope.environment, afterId, scope.from, scope.until, limit) as IssuedArchiveRow[];
}

/** Imported documents after `afterId`, in id order (the (organization_id, issued_at) index narrows the range). */
export function importedArchivePage(db: Db, scope: ArchiveScope, afterId: number, limit: number): ImportedArchiveRow[] {
  return prepared(db, 'importedArchivePage', () => db.$client.prepare(`
    SELECT id, document_type AS documentType, clave, consecutive, issuer_identification AS issuerIdentification,
           issuer_name AS issuerName, receiver_identification AS receiverIdentification, receiver_name AS receiverName,
           currency, total_amount AS totalAmount, issued_at AS issuedAt, signed_xml AS signedXml, response_xml AS responseXml
      FROM imported_documents
     WHERE organization_id = ? AND environment = ? AND issued_at >= ? AND issued_at < ? AND id > ?
     ORDER BY id LIMIT ?`)).all(scope.organizationId, scope.environment, scope.from, scope.until, afterId, limit) as ImportedArchiveRow[];
}

/** How many documents an export of the scope will hold (for a progress bar; it reads every row of the range). */
export function countArchiveDocuments(db: Db, scope: ArchiveScope): number {
  const args = [scope.organizationId, scope.environment, scope.from, scope.until];
  const issued = db.$client.prepare(
    'SELECT COUNT(*) FROM documents WHERE organization_id = ? AND environment = ? AND issued_at >= ? AND issued_at < ?').pluck().get(...args) as number;
  const imported = db.$client.prepare(
    'SELECT COUNT(*) FROM imported_documents WHERE organization_id = ? AND environment = ? AND issued_at >= ? AND issued_at < ?').pluck().get(...args) as number;
  return issued + imported;
}
