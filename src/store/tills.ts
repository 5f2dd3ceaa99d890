/**
 * Head office (docs/replication.md): the tills paired with it. A till's row outlives its unpairing (its API
 * key is revoked), so the documents it replicated still name it; listings show the paired ones only.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { apiKeys, tills } from './schema.ts';

export type TillRow = typeof tills.$inferSelect;

export function insertTill(db: Db, row: Omit<TillRow, 'id' | 'lastSeenAt' | 'documentsReceived'>): TillRow {
  return db.insert(tills).values({ ...row, lastSeenAt: null, documentsReceived: 0 }).returning().get();
}

/** The organization's paired tills (key not revoked), oldest first. */
export function listPairedTills(db: Db, organizationId: number): TillRow[] {
  return db.select({ till: tills }).from(tills)
    .innerJoin(apiKeys, eq(apiKeys.id, tills.apiKeyId))
    .where(and(eq(tills.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .orderBy(asc(tills.id)).all().map((r) => r.till);
}

/** A paired till of the organization, or undefined (another's, unknown, or unpaired). */
export function findPairedTill(db: Db, organizationId: number, id: number): TillRow | undefined {
  return listPairedTills(db, organizationId).find((t) => t.id === id);
}

/** The till an API key belongs to (the till's replication token). */
export function tillOfKey(db: Db, apiKeyId: string): TillRow | undefined {
  return db.select().from(tills).where(eq(tills.apiKeyId, apiKeyId)).get();
}

/** Names of tills by id, paired or not, for the documents they replicated. */
export function tillNames(db: Db, organizationId: number, ids: readonly number[]): Map<number, string> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = db.select({ id: tills.id, name: tills.name }).from(tills).where(and(eq(tills.organizationId, organizationId), inArray(tills.id, unique))).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The till was heard from: `received` more documents stored or updated. */
export function noteTillSeen(db: Db, id: number, received: number, now: Date): void {
  db.update(tills)
    .set({ lastSeenAt: now.toISOString(), documentsReceived: sql`${tills.documentsReceived} + ${received}` })
    .where(eq(tills.id, id)).run();
}
