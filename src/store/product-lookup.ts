/**
 * A scanned code to a saved product (GET /products/scan, docs/tills.md): by barcode, by the shop's code,
 * or by the item code a scale prints on its labels. Only active products: an inactive one is not for sale.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { products } from './schema.ts';
import type { ProductRow } from './products.ts';

const active = (organizationId: number) => and(eq(products.organizationId, organizationId), eq(products.isActive, true));

/** The first active product (oldest) whose barcode is `barcode` exactly; barcodes are not unique. */
export function findActiveByBarcode(db: Db, organizationId: number, barcode: string): ProductRow | undefined {
  return db.select().from(products).where(and(active(organizationId), eq(products.barcode, barcode))).orderBy(asc(products.id)).get();
}

export function findActiveByCode(db: Db, organizationId: number, code: string): ProductRow | undefined {
  return db.select().from(products).where(and(active(organizationId), eq(products.code, code))).get();
}

/**
 * The product of a scale label's item code: its code exactly (`00427`), else the same number without the
 * leading zeros the label pads it with (a product coded `427`; a scale's PLU is a number).
 */
export function findActiveByItemCode(db: Db, organizationId: number, itemCode: string): ProductRow | undefined {
  const exact = findActiveByCode(db, organizationId, itemCode);
  if (exact) return exact;
  const bare = itemCode.replace(/^0+(?=\d)/, '');
  return db.select().from(products)
    .where(and(active(organizationId), sql`ltrim(${products.code}, '0') = ${bare}`))
    .orderBy(asc(products.id))
    .get();
}
