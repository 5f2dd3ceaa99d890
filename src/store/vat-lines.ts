/**
 * The VAT figures kept with every issued and received document (schema `vat_documents`, `vat_lines`;
 * domain/vat-lines.ts), written in the transaction that stores the document, and a month's worth read back
 * for the worksheet (src/reports/).
 */
import type { DocumentVat, VatLine } from '../domain/vat-lines.ts';
import type { Db } from './db.ts';
import { prepared } from './prepared.ts';
import type { Scope } from './received-documents.ts';

export type VatSource = 'issued' | 'received';

export interface VatDocumentKey {
  source: VatSource;
  documentId: number;
  organizationId: number;
  environment: string;
  /** The transaction month, YYYY-MM (Costa Rica time). */
  month: string;
  documentType: string;
}

/** A stored line: decimal text in colones. */
export type StoredVatLine = VatLine;

/** Keeps a document's VAT figures; a second call for the same document changes nothing. */
export function insertVat(db: Db, key: VatDocumentKey, vat: DocumentVat): void {
  const inserted = prepared(db, 'insertVatDocument', () => db.$client.prepare(
    `INSERT INTO vat_documents (source, document_id, organization_id, environment, month, document_type, iva_returned)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  )).run(key.source, key.documentId, key.organizationId, key.environment, key.month, key.documentType, vat.ivaReturned);
  if (inserted.changes === 0) return;
  const line = prepared(db, 'insertVatLine', () => db.$client.prepare(
    `INSERT INTO vat_lines (source, document_id, tax_code, rate_code, service, base, tax, exonerated_base, exonerated_tax)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ));
  for (const l of vat.lines) {
    line.run(key.source, key.documentId, l.taxCode, l.rateCode, l.service ? 1 : 0, l.base, l.tax, l.exoneratedBase, l.exoneratedTax);
  }
}

interface LineRow {
  documentId: number;
  taxCode: string | null;
  rateCode: string | null;
  service: number;
  base: string;
  tax: string;
  exoneratedBase: string;
  exoneratedTax: string;
}

/** The lines of a month's documents of one source, by document id. */
function monthVatLines(db: Db, scope: Scope, source: VatSource, month: string): Map<number, StoredVatLine[]> {
  const rows = prepared(db, 'monthVatLines', () => db.$client.prepare(
    `SELECT l.document_id AS documentId, l.tax_code AS taxCode, l.rate_code AS rateCode, l.service AS service, l.base AS base, l.tax AS tax,
            l.exonerated_base AS exoneratedBase, l.exonerated_tax AS exoneratedTax
       FROM vat_documents d JOIN vat_lines l ON l.source = d.source AND l.document_id = d.document_id
      WHERE d.organization_id = ? AND d.environment = ? AND d.month = ? AND d.source = ? ORDER BY l.id`,
  )).all(scope.organizationId, scope.environment, month, source) as LineRow[];
  const byDocument = new Map<number, StoredVatLine[]>();
  for (const r of rows) {
    const line: StoredVatLine = { taxCode: r.taxCode, rateCode: r.rateCode, service: r.service === 1, base: r.base, tax: r.tax, exoneratedBase: r.exoneratedBase, exoneratedTax: r.exoneratedTax };
    const list = byDocument.get(r.documentId);
    if (list) list.push(line);
    else byDocument.set(r.documentId, [line]);
  }
  return byDocument;
}

/** An issued document of the month, with what the worksheet shows of it. */
export interface IssuedVatDocument {
  id: number;
  clave: string;
  consecutive: string;
  documentType: string;
  status: string;
  receiverName: string | null;
  receiverIdentification: string | null;
  issuedAt: string;
  ivaReturned: string;
  lines: StoredVatLine[];
}

/** The month's issued documents (receiver messages are not sales: they have no VAT figures). */
export function monthIssuedVat(db: Db, scope: Scope, month: string): IssuedVatDocument[] {
  const lines = monthVatLines(db, scope, 'issued', month);
  const docs = prepared(db, 'monthIssuedVat', () => db.$client.prepare(
    `SELECT x.id AS id, x.clave AS clave, x.consecutive AS consecutive, x.document_type AS documentType, x.status AS status,
            x.receptor_name AS receiverName, x.receptor_identification AS receiverIdentification, x.issued_at AS issuedAt, d.iva_returned AS ivaReturned
       FROM vat_documents d JOIN documents x ON x.id = d.document_id
      WHERE d.organization_id = ? AND d.environment = ? AND d.month = ? AND d.source = 'issued' ORDER BY x.id`,
  )).all(scope.organizationId, scope.environment, month) as Omit<IssuedVatDocument, 'lines'>[];
  return docs.map((d) => ({ ...d, lines: lines.get(d.id) ?? [] }));
}

/** A received document of the month, with its state and what our answer claimed. */
export interface ReceivedVatDocument {
  id: number;
  clave: string;
  consecutive: string;
  documentType: string;
  issuerIdentification: string;
  issuerName: string;
  issuedAt: string;
  state: string;
  /** Finding codes kept with it (received/findings.ts says which block the credit). */
  findings: string[];
  taxCondition: string | null;
  /** In the document's currency, as our answer gave it. */
  creditableTax: string | null;
  currency: string;
  exchangeRate: string;
  /** TotalImpuesto, in the document's currency. */
  taxAmount: string;
  lines: StoredVatLine[];
}

interface ReceivedRow extends Omit<ReceivedVatDocument, 'lines' | 'findings'> {
  findings: string;
}

export function monthReceivedVat(db: Db, scope: Scope, month: string): ReceivedVatDocument[] {
  const lines = monthVatLines(db, scope, 'received', month);
  const docs = prepared(db, 'monthReceivedVat', () => db.$client.prepare(
    `SELECT r.id AS id, r.clave AS clave, r.consecutive AS consecutive, r.document_type AS documentType, r.issuer_identification AS issuerIdentification,
            r.issuer_name AS issuerName, r.issued_at AS issuedAt, r.state AS state, r.findings AS findings, r.tax_condition AS taxCondition,
            r.creditable_tax AS creditableTax, r.currency AS currency, r.exchange_rate AS exchangeRate, r.tax_amount AS taxAmount
       FROM vat_documents d JOIN received_documents r ON r.id = d.document_id
      WHERE d.organization_id = ? AND d.environment = ? AND d.month = ? AND d.source = 'received' ORDER BY r.id`,
  )).all(scope.organizationId, scope.environment, month) as ReceivedRow[];
  return docs.map((d) => ({
    ...d,
    findings: (JSON.parse(d.findings) as { code: string }[]).map((f) => f.code),
    lines: lines.get(d.id) ?? [],
  }));
}

/** A document of the month kept before its VAT figures were: its bytes, to read them from (reports/vat-backfill.ts). */
export interface DocumentWithoutVat {
  source: VatSource;
  id: number;
  clave: string;
  documentType: string;
  issuedAt: string;
  signedXml: Buffer;
}

/** The month's first day and the next month's, a day wider each side: FechaEmision may carry any offset. */
function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(y, m, 2)).toISOString().slice(0, 10);
  return [from, to];
}

/**
 * Up to `limit` issued (not receiver messages) and received documents around `month` that have no VAT figures;
 * the caller keeps those whose transaction month is `month`.
 */
export function documentsWithoutVat(db: Db, scope: Scope, month: string, limit: number): DocumentWithoutVat[] {
  const [from, to] = monthRange(month);
  const issued = prepared(db, 'issuedWithoutVat', () => db.$client.prepare(
    `SELECT 'issued' AS source, x.id AS id, x.clave AS clave, x.document_type AS documentType, x.issued_at AS issuedAt, x.signed_xml AS signedXml
       FROM documents x WHERE x.organization_id = ? AND x.environment = ? AND x.issued_at >= ? AND x.issued_at < ?
        AND x.document_type NOT IN ('05', '06', '07')
        AND NOT EXISTS (SELECT 1 FROM vat_documents v WHERE v.source = 'issued' AND v.document_id = x.id) ORDER BY x.id LIMIT ?`,
  )).all(scope.organizationId, scope.environment, from, to, limit) as DocumentWithoutVat[];
  const received = prepared(db, 'receivedWithoutVat', () => db.$client.prepare(
    `SELECT 'received' AS source, r.id AS id, r.clave AS clave, r.document_type AS documentType, r.issued_at AS issuedAt, r.signed_xml AS signedXml
       FROM received_documents r WHERE r.organization_id = ? AND r.environment = ? AND r.transaction_month = ?
        AND NOT EXISTS (SELECT 1 FROM vat_documents v WHERE v.source = 'received' AND v.document_id = r.id) ORDER BY r.id LIMIT ?`,
  )).all(scope.organizationId, scope.environment, month, limit) as DocumentWithoutVat[];
  return [...issued, ...received];
}
