/**
 * Till side of replication (docs/replication.md): the head office's products and customers written over the
 * till's own. The head office wins: a product is matched by its code and replaced whole, a customer by its
 * identification number (the most recently updated of duplicates, as recipients.ts finds it).
 */
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { findProductByCode, insertProduct, replaceProduct, type ProductFields } from './products.ts';
import { findRecipientByIdentification, insertRecipient, replaceRecipient, type RecipientFields } from './recipients.ts';
import { headOfficeLinks } from './schema.ts';

export interface HeadOfficeChanges {
  products: ProductFields[];
  customers: RecipientFields[];
  /** Where the next pull starts. */
  cursor: string | null;
}

/** Applies one page of changes and moves the link's cursor past it (the caller's transaction: all or nothing). */
export function applyHeadOfficeChanges(db: Db, organizationId: number, changes: HeadOfficeChanges, now: Date): { products: number; customers: number } {
  for (const fields of changes.products) {
    const local = findProductByCode(db, organizationId, fields.code);
    if (local) replaceProduct(db, organizationId, local.id, fields, now);
    else insertProduct(db, organizationId, fields, now);
  }
  for (const fields of changes.customers) {
    const local = findRecipientByIdentification(db, organizationId, fields.identificationNumber);
    if (local) replaceRecipient(db, organizationId, local.id, fields, now);
    else insertRecipient(db, organizationId, fields, now);
  }
  db.update(headOfficeLinks).set({ pullCursor: changes.cursor }).where(eq(headOfficeLinks.organizationId, organizationId)).run();
  return { products: changes.products.length, customers: changes.customers.length };
}
