/**
 * What a shift's figures are made of (src/tills/shift-figures.ts): the documents issued on the till while
 * it was open (documents.shift_id, set in the issuing transaction) with whether a credit note voids one of
 * them, and their VAT lines. Read with the documents_shift index; nothing of the signed XML.
 */
import type { Db } from './database.ts';

export interface ShiftDocumentRow {
  id: number;
  clave: string;
  consecutive: string;
  documentType: string;
  status: string;
  issuedAt: string;
  currency: string;
  exchangeRate: string | null;
  totalAmount: string;
  payments: { method: string; amount: string }[] | null;
  cashierId: number | null;
  approvedBy: number | null;
  voidsConsecutive: string | null;
}

export interface ShiftVatRow {
  documentId: number;
  rateCode: string | null;
  base: string;
  tax: string;
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The documents of some shifts, oldest first. A credit note voids its original when the original names it. */
export function shiftDocuments(db: Db, shiftIds: number[]): ShiftDocumentRow[] {
  if (shiftIds.length === 0) return [];
  const rows = db.$client.prepare(`
    SELECT d.id, d.clave, d.consecutive, d.document_type AS documentType, d.status, d.issued_at AS issuedAt, d.currency,
           d.exchange_rate AS exchangeRate, d.total_amount AS totalAmount, d.payments, d.cashier_id AS cashierId,
           d.approved_by AS approvedBy, CASE WHEN o.voided_by = d.clave THEN o.consecutive END AS voidsConsecutive
    FROM documents d LEFT JOIN documents o ON o.id = d.referenced_document_id
    WHERE d.shift_id IN (${placeholders(shiftIds.length)})
    ORDER BY d.id`).all(...shiftIds) as (Omit<ShiftDocumentRow, 'payments'> & { payments: string | null })[];
  return rows.map((r) => ({ ...r, payments: r.payments ? (JSON.parse(r.payments) as ShiftDocumentRow['payments']) : null }));
}

/** The VAT lines (colones) of the shifts' documents. */
export function shiftVatLines(db: Db, shiftIds: number[]): ShiftVatRow[] {
  if (shiftIds.length === 0) return [];
  return db.$client.prepare(`
    SELECT v.document_id AS documentId, v.rate_code AS rateCode, v.base, v.tax
    FROM vat_lines v JOIN documents d ON d.id = v.document_id AND v.source = 'issued'
    WHERE d.shift_id IN (${placeholders(shiftIds.length)})
    ORDER BY v.id`).all(...shiftIds) as ShiftVatRow[];
}
