/** Saved products (items) of an organization. Every query is scoped by organization. */
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type Database from 'better-sqlite3';
import type { Db } from './database.ts';
import { products } from './schema.ts';
import { containing } from './recipients.ts';
import { foldText } from '../domain/text-fold.ts';

export type ProductRow = typeof products.$inferSelect;
/** The columns a client sets (everything but ids, owner and timestamps). */
export type ProductFields = Omit<ProductRow, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>;

export interface ProductQuery {
  /** Part of the description, code, barcode or CABYS code; accents and case do not matter. */
  search?: string;
  /** Exact barcode (a scanner types the whole code). */
  barcode?: string;
  /** Only active (true) or inactive (false) products; both when absent. */
  active?: boolean;
  limit: number;
  offset: number;
}


/**
 * SQLite's LIKE folds ASCII case only, so "cafe" would miss "Café". Without a folded column (no migration
 * for it), the search folds both sides with this function, registered once per connection. A shop's
 * catalogue is thousands of rows, which a scan with a JS function per row answers in milliseconds.
 */
const FOLD = 'facturador_fold';
const folding = new WeakSet<Database.Database>();

function ensureFold(db: Db): void {
  if (folding.has(db.$client)) return;
  db.$client.function(FOLD, { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldText(value) : value));
  folding.add(db.$client);
}

function scope(db: Db, organizationId: number, query: Omit<ProductQuery, 'limit' | 'offset'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.organizationId, organizationId)];
  if (query.barcode !== undefined) conditions.push(eq(products.barcode, query.barcode));
  if (query.active !== undefined) conditions.push(eq(products.isActive, query.active));
  if (query.search) {
    ensureFold(db);
    const pattern = containing(foldText(query.search));
    // ESCAPE makes the backslashes of containing() work.
    const match = (column: AnySQLiteColumn) => sql`${sql.raw(FOLD)}(${column}) LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(or(match(products.description), match(products.code), match(products.barcode), match(products.cabysCode)));
  }
  return and(...conditions);
}

export function listProducts(db: Db, organizationId: number, query: ProductQuery): { rows: ProductRow[]; total: number } {
  const where = scope(db, organizationId, query);
  const rows = db.select().from(products).where(where)
    .orderBy(asc(products.description), asc(products.id))
    .limit(query.limit).offset(query.offset)
    .all();
  const total = db.select({ n: count() }).from(products).where(where).get()?.n ?? 0;
  return { rows, total };
}

export function getProduct(db: Db, organizationId: number, id: number): ProductRow | undefined {
  return db.select().from(products).where(and(eq(products.organizationId, organizationId), eq(products.id, id))).get();
}

export function findProductByCode(db: Db, organizationId: number, code: string): ProductRow | undefined {
  return db.select().from(products).where(and(eq(products.organizationId, organizationId), eq(products.code, code))).get();
}

export function insertProduct(db: Db, organizationId: number, fields: ProductFields, now: Date): ProductRow {
  const at = now.toISOString();
  return db.insert(products).values({ ...fields, organizationId, createdAt: at, updatedAt: at }).returning().get();
}

/** Replaces every client field; undefined when the product is not the organization's. */
export function replaceProduct(db: Db, organizationId: number, id: number, fields: ProductFields, now: Date): ProductRow | undefined {
  return db.update(products).set({ ...fields, updatedAt: now.toISOString() })
    .where(and(eq(products.organizationId, organizationId), eq(products.id, id)))
    .returning()
    .get();
}

export function deleteProduct(db: Db, organizationId: number, id: number): boolean {
  return db.delete(products).where(and(eq(products.organizationId, organizationId), eq(products.id, id))).run().changes > 0;
}

/** Whether an error is the unique index on (organization, code): another product has that code. */
export function isProductCodeConflict(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('products.code');
}
