/**
 * Head office (docs/replication.md): documents replicated from a till, kept in `documents` beside the head
 * office's own with `till_id` set. They get no outbox job: the till delivers them to the tax authority, the
 * head office only mirrors what the till reports. `replicated_version` holds, here, the till's row version
 * (its `updated_at`) this copy reflects; the head office's own `updated_at` stays its own clock's.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './db.ts';
import { documents } from './schema.ts';
import type { DocumentRow } from './documents.ts';
import type { DocumentVat } from '../domain/vat-lines.ts';
import type { VatDocumentKey } from './vat-lines.ts';

/** What a replicated document is stored with; the rest of the row is fixed (see insertReplicatedDocument). */
export interface ReplicatedRow {
  organizationId: number;
  environment: string;
  tillId: number;
  documentType: string;
  clave: string;
  consecutive: string;
  situation: string;
  status: string;
  haciendaStatus: string | null;
  haciendaMessage: string | null;
  haciendaResponseAt: string | null;
  emisorIdentification: string | null;
  emisorName: string | null;
  receptorIdentification: string | null;
  receptorName: string | null;
  currency: string;
  exchangeRate: string | null;
  netAmount: string;
  taxAmount: string;
  totalAmount: string;
  signedXml: Buffer;
  responseXml: Buffer | null;
  issuedAt: string;
  payments: { method: string; amount: string }[] | null;
  tillCashier: { id: number; name: string } | null;
  tillShift: { id: number; opened_at: string; closed_at: string | null } | null;
  /** The till's updated_at. */
  version: string;
}

/** The row of a new replicated document (see the file's comment for what is fixed). */
function newRow(row: ReplicatedRow, iso: string) {
  const { version, ...fields } = row;
  return {
    ...fields,
    replicatedVersion: version,
    // The till's cashier and shift ids mean nothing here: they travel as names in till_cashier / till_shift.
    cashierId: null,
    shiftId: null,
    approvedBy: null,
    simulate: null,
    callbackUrl: null,
    emailRecipients: null,
    balance: null,
    transactionId: randomUUID(),
    createdAt: iso,
    updatedAt: iso,
  };
}

/** Rows per multi-row INSERT: ~45 columns each stays far below either engine's limit on bound values. */
const CHUNK = 100;

/**
 * Inserts a batch's new documents in multi-row statements (one round trip per hundred on PostgreSQL, not one
 * per document); returns their ids by `environment:clave`.
 */
export function insertReplicatedDocuments(db: Db, rows: readonly ReplicatedRow[], now: Date): Map<string, number> {
  const ids = new Map<string, number>();
  const iso = now.toISOString();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = db.insert(documents).values(rows.slice(i, i + CHUNK).map((r) => newRow(r, iso)))
      .returning({ id: documents.id, clave: documents.clave, environment: documents.environment }).all();
    for (const r of inserted) ids.set(`${r.environment}:${r.clave}`, r.id);
  }
  return ids;
}

/**
 * New documents' VAT figures, as store/vat-lines.ts insertVat keeps them, for many at once. A document whose
 * figures are there already (the worksheet's backfill got there first) keeps them: its lines are not added twice.
 */
export function insertReplicatedVat(db: Db, entries: readonly { key: VatDocumentKey; vat: DocumentVat }[]): void {
  for (let i = 0; i < entries.length; i += CHUNK) {
    const chunk = entries.slice(i, i + CHUNK);
    if (chunk.length === 0) continue;
    const added = db.$client.prepare(
      `INSERT INTO vat_documents (source, document_id, organization_id, environment, month, document_type, iva_returned)
       VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT DO NOTHING RETURNING document_id`,
    ).all(chunk.flatMap(({ key: k, vat }) => [k.source, k.documentId, k.organizationId, k.environment, k.month, k.documentType, vat.ivaReturned])) as { document_id: number }[];
    const fresh = new Set(added.map((r) => Number(r.document_id)));
    const lines = chunk.filter(({ key }) => fresh.has(key.documentId))
      .flatMap(({ key: k, vat }) => vat.lines.map((l) => [k.source, k.documentId, l.taxCode, l.rateCode, l.service ? 1 : 0, l.base, l.tax, l.exoneratedBase, l.exoneratedTax]));
    for (let j = 0; j < lines.length; j += CHUNK) {
      const part = lines.slice(j, j + CHUNK);
      db.$client.prepare(
        `INSERT INTO vat_lines (source, document_id, tax_code, rate_code, service, base, tax, exonerated_base, exonerated_tax)
         VALUES ${part.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      ).run(part.flat());
    }
  }
}

/** The fields a till's later report may change: the tax authority's verdict and the shift's close. */
export type ReplicatedStatus = Pick<ReplicatedRow, 'status' | 'haciendaStatus' | 'haciendaMessage' | 'haciendaResponseAt' | 'responseXml' | 'tillCashier' | 'tillShift' | 'version'>;

export function updateReplicatedStatus(db: Db, id: number, s: ReplicatedStatus, now: Date): void {
  db.update(documents).set({
    status: s.status,
    haciendaStatus: s.haciendaStatus,
    haciendaMessage: s.haciendaMessage,
    haciendaResponseAt: s.haciendaResponseAt,
    responseXml: s.responseXml,
    tillCashier: s.tillCashier,
    tillShift: s.tillShift,
    replicatedVersion: s.version,
    updatedAt: now.toISOString(),
  }).where(eq(documents.id, id)).run();
}

/** What an incoming document is checked against: a kept document of the same clave or consecutive. */
export type KeptDocument = Pick<DocumentRow, 'id' | 'clave' | 'consecutive' | 'signedXml' | 'tillId' | 'replicatedVersion'>;

/**
 * The organization's documents of `environment` holding any of these claves or consecutives: one query for a
 * whole batch (a statement per document costs a round trip each on PostgreSQL).
 */
export function documentsHolding(db: Db, organizationId: number, environment: string, claves: readonly string[], consecutives: readonly string[]): KeptDocument[] {
  if (claves.length === 0 && consecutives.length === 0) return [];
  const columns = { id: documents.id, clave: documents.clave, consecutive: documents.consecutive, signedXml: documents.signedXml, tillId: documents.tillId, replicatedVersion: documents.replicatedVersion };
  const scope = and(eq(documents.organizationId, organizationId), eq(documents.environment, environment));
  const byClave = claves.length === 0 ? [] : db.select(columns).from(documents).where(and(scope, inArray(documents.clave, [...new Set(claves)]))).all();
  const byConsecutive = consecutives.length === 0 ? [] : db.select(columns).from(documents).where(and(scope, inArray(documents.consecutive, [...new Set(consecutives)]))).all();
  return [...byClave, ...byConsecutive.filter((r) => !byClave.some((c) => c.id === r.id))];
}
