/**
 * Idempotency records: the first request with a key inserts `running` (the primary key makes the claim
 * atomic, so of two parallel identical requests exactly one runs); the response is stored when it ends.
 * Issuing binds the key to its document in the document's own transaction (`issued`), so that after a crash
 * between that commit and the stored response the document is found again instead of issued twice.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from './database.ts';
import { idempotencyKeys } from './schema.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Claims the key, or returns the existing record (expired records are dropped first). */
export function claimIdempotencyKey(db: Db, apiKeyId: string, key: string, requestHash: string, now: Date): IdempotencyRow | undefined {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, cutoff))).run();
  const inserted = db
    .insert(idempotencyKeys)
    .values({ apiKeyId, key, requestHash, state: 'running', createdAt: now.toISOString() })
    .onConflictDoNothing()
    .run();
  if (inserted.changes === 1) return undefined;
  return db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key))).get();
}

export function completeIdempotencyKey(db: Db, apiKeyId: string, key: string, status: number, body: string): void {
  db.update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)))
    .run();
}

/** Marks a claim as having issued `documentId` (inside the transaction that saves the document). */
export function bindIdempotencyKey(db: Db, claim: { apiKeyId: string; key: string }, documentId: number): void {
  db.update(idempotencyKeys)
    .set({ state: 'issued', responseBody: JSON.stringify({ document_id: documentId }) })
    .where(and(eq(idempotencyKeys.apiKeyId, claim.apiKeyId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.state, 'running')))
    .run();
}

/** The document a claim issued before its answer was stored (state `issued`), if any. */
export function issuedDocumentOf(row: IdempotencyRow): number | undefined {
  if (row.state !== 'issued' || !row.responseBody) return undefined;
  const id = (JSON.parse(row.responseBody) as { document_id?: unknown }).document_id;
  return typeof id === 'number' ? id : undefined;
}

/**
 * At start-up: claims still `running` belong to requests of a process that died; nothing they did was
 * committed (an issued document would have made them `issued`), so the client may simply retry.
 */
export function releaseAbandonedClaims(db: Db): number {
  return db.delete(idempotencyKeys).where(eq(idempotencyKeys.state, 'running')).run().changes;
}

/** Forgets a claim whose request failed on our side, so that the client may retry with the same key. */
export function releaseIdempotencyKey(db: Db, apiKeyId: string, key: string): void {
  db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key))).run();
}
