/**
 * Head office (docs/replication.md, "Changes feed"): products and customers changed after a position, in
 * (updated_at, id) order, for the tills' pull. Positions are per table; deletions are not in the feed.
 */
import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { Db } from './db.ts';
import { products, recipients } from './schema.ts';
import type { ProductRow } from './products.ts';
import type { RecipientRow } from './recipients.ts';

/** Where a table's feed stands: the last row handed out. */
export interface FeedPosition {
  updatedAt: string;
  id: number;
}

function after(table: typeof products | typeof recipients, position: FeedPosition | null): SQL | undefined {
  if (!position) return undefined;
  return or(gt(table.updatedAt, position.updatedAt), and(eq(table.updatedAt, position.updatedAt), gt(table.id, position.id)));
}

export function productsChangedAfter(db: Db, organizationId: number, position: FeedPosition | null, limit: number): ProductRow[] {
  if (limit <= 0) return [];
  return db.select().from(products).where(and(eq(products.organizationId, organizationId), after(products, position)))
    .orderBy(asc(products.updatedAt), asc(products.id)).limit(limit).all();
}

export function recipientsChangedAfter(db: Db, organizationId: number, position: FeedPosition | null, limit: number): RecipientRow[] {
  if (limit <= 0) return [];
  return db.select().from(recipients).where(and(eq(recipients.organizationId, organizationId), after(recipients, position)))
    .orderBy(asc(recipients.updatedAt), asc(recipients.id)).limit(limit).all();
}
