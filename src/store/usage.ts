/**
 * The production rows that billing counts (src/billing/usage-tally.ts turns them into units). The table
 * has no index on `created_at`, and every row carries its signed XML, so a scan of a busy month costs
 * hundreds of milliseconds: these queries walk the primary key and the `documents_listing` index
 * (organization, environment, id) instead, relying on ids growing with `created_at` (a row is inserted
 * when it is created, and AUTOINCREMENT never reuses an id).
 */
import { and, asc, count, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { prepared } from './prepared.ts';
import type { Db } from './database.ts';
import { documents, organizations } from './schema.ts';

/** Production documents still waiting for the tax authority's verdict. */
export const IN_FLIGHT_STATUSES = ['processing', 'sent', 'queued'] as const;

export interface UsageRow {
  id: number;
  documentType: string;
  organizationId: number;
  createdAt: string;
}

function accountOrganizationIds(db: Db) {
  return db.select({ id: organizations.id }).from(organizations).where(eq(organizations.accountId, sql.placeholder('accountId')));
}

/**
 * The smallest id whose row was created at or after `instant` (one past the last id when none was):
 * a binary search over the primary key, ~20 point reads whatever the table's size.
 */
export function firstDocumentIdFrom(db: Db, instant: Date): number {
  const statements = prepared(db, 'usageFirstId', () => ({
    max: db.select({ id: sql<number | null>`max(${documents.id})` }).from(documents).prepare(),
    atOrAfter: db.select({ id: documents.id, createdAt: documents.createdAt }).from(documents).where(gte(documents.id, sql.placeholder('id'))).orderBy(asc(documents.id)).limit(1).prepare(),
  }));
  const iso = instant.toISOString(); // timestamps are UTC ISO text (schema.ts): text order is time order
  let low = 1;
  let high = (statements.max.get()?.id ?? 0) + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const row = statements.atOrAfter.get({ id: middle })!; // middle <= max id, so a row exists
    if (row.createdAt >= iso) high = middle;
    else low = row.id + 1;
  }
  return low;
}

/** Production documents and receiver messages of the account with an id above `afterId`, in id order. */
export function productionRowsAfter(db: Db, accountId: string, afterId: number): UsageRow[] {
  const statement = prepared(db, 'usageRowsAfter', () =>
    db
      .select({ id: documents.id, documentType: documents.documentType, organizationId: documents.organizationId, createdAt: documents.createdAt })
      .from(documents)
      // A till's documents replicated to this head office were counted where they were issued (isNull(tillId)).
      .where(and(inArray(documents.organizationId, accountOrganizationIds(db)), eq(documents.environment, 'production'), isNull(documents.tillId), gt(documents.id, sql.placeholder('afterId'))))
      .orderBy(asc(documents.id))
      .prepare(),
  );
  return statement.all({ accountId, afterId });
}

/** Production documents of the account awaiting a verdict, whenever they were submitted. */
export function inFlightCount(db: Db, accountId: string): number {
  const statement = prepared(db, 'usageInFlight', () =>
    db
      .select({ n: count() })
      .from(documents)
      .where(and(inArray(documents.status, [...IN_FLIGHT_STATUSES]), eq(documents.environment, 'production'), isNull(documents.tillId), inArray(documents.organizationId, accountOrganizationIds(db))))
      .prepare(),
  );
  return statement.get({ accountId })?.n ?? 0;
}
