/**
 * Documents imported from another provider (table `imported_documents`, POST /archive/import). Rows are
 * read-only: the signed bytes are written once, exactly as received, and never changed. The one later
 * write is filling in the tax authority's answer of a document imported without one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import { importedDocuments } from './schema.ts';
import { findDocumentByClave } from './documents.ts';
import { isReceiverMessageType } from '../domain/consecutive.ts';

export type ImportedDocumentRow = typeof importedDocuments.$inferSelect;
export type NewImportedDocument = Omit<typeof importedDocuments.$inferInsert, 'id'>;

/**
 * Whether the clave is already in the organization's archive: imported before, or issued here. A receiver
 * message issued here carries the clave of the supplier's document it answers: that document is not here.
 */
export function claveInArchive(db: Db, organizationId: number, environment: string, clave: string): boolean {
  const imported = prepared(db, 'importedClave', () =>
    db.$client.prepare('SELECT 1 FROM imported_documents WHERE organization_id = ? AND clave = ?').pluck());
  if (imported.get(organizationId, clave) !== undefined) return true;
  const issued = findDocumentByClave(db, organizationId, environment, clave);
  return issued !== undefined && !isReceiverMessageType(issued.documentType);
}

export function insertImportedDocument(db: Db, row: NewImportedDocument): number {
  return db.insert(importedDocuments).values(row).returning({ id: importedDocuments.id }).get().id;
}

/**
 * Stores the answer of an imported document that has none yet. `missing`: no imported document with that
 * clave; `present`: it has its answer already (or the clave is a document issued here, which keeps its own).
 */
export function attachImportedResponse(db: Db, organizationId: number, environment: string, clave: string, responseXml: Buffer): 'attached' | 'present' | 'missing' {
  const changed = db.update(importedDocuments).set({ responseXml })
    .where(and(eq(importedDocuments.organizationId, organizationId), eq(importedDocuments.clave, clave), isNull(importedDocuments.responseXml)))
    .run().changes;
  if (changed > 0) return 'attached';
  return claveInArchive(db, organizationId, environment, clave) ? 'present' : 'missing';
}
