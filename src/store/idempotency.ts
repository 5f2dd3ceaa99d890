/**
 * Idempotency records: the first request with a key inserts `running` (the primary key makes the claim
 * atomic, so of two parallel identical requests exactly one runs); the response is stored when it ends.
 * Issuing binds the key to its document in the document's own transaction (`issued`), so that after a crash
 * between that commit and the stored response the document is found again instead of issued twice.
 * The records live in the database, so every process sharing a PostgreSQL database sees every other's; a
 * claim there is also marked as its process's (live-marks.ts) while it runs.
 */
import { and, eq, lt } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import type { Db } from './database.ts';
import { idempotencyKeys } from './schema.ts';
import { onPostgres } from './sql-dialect.ts';
import { CLAIM_MARK, claimKeySql, markHeldSql, releaseMark, takeMark } from './live-marks.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** The int4 key of a claim's mark over the statement's two parameters (API key id, idempotency key). */
const CLAIM_KEY = claimKeySql('CAST(? AS text)', 'CAST(? AS text)');

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Claims the key, or returns the existing record (expired records are dropped first). */
export function claimIdempotencyKey(db: Db, apiKeyId: string, key: string, requestHash: string, now: Date): IdempotencyRow | undefined {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key), lt(idempotencyKeys.createdAt, cutoff))).run();
  // PostgreSQL: the mark before the row, so that no other process ever sees this claim `running` unmarked.
  if (onPostgres(db)) takeMark(db, CLAIM_MARK, `${apiKeyId}\n${key}`, CLAIM_KEY, apiKeyId, key);
  const inserted = db
    .insert(idempotencyKeys)
    .values({ apiKeyId, key, requestHash, state: 'running', createdAt: now.toISOString() })
    .onConflictDoNothing()
    .run();
  if (inserted.changes === 1) return undefined;
  unmarkClaim(db, apiKeyId, key); // someone else's claim: this process's mark goes again
  return db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key))).get();
}

/** After the claim's row has left `running` (committed): this process's mark goes. */
function unmarkClaim(db: Db, apiKeyId: string, key: string): void {
  releaseMark(db, CLAIM_MARK, `${apiKeyId}\n${key}`, CLAIM_KEY, apiKeyId, key);
}

export function completeIdempotencyKey(db: Db, apiKeyId: string, key: string, status: number, body: string): void {
  db.update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)))
    .run();
  unmarkClaim(db, apiKeyId, key);
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
 * Claims still `running` that belong to requests of a process that died; nothing they did was committed (an
 * issued document would have made them `issued`), so they go and the client may simply retry.
 * SQLite: at start-up, when every `running` claim is the previous run's (one process per file).
 * PostgreSQL: only the claims no live process marks (live-marks.ts); safe at any time, in any process.
 */
export function releaseAbandonedClaims(db: Db): number {
  if (!onPostgres(db)) return db.delete(idempotencyKeys).where(eq(idempotencyKeys.state, 'running')).run().changes;
  return db.$client.transaction(() => db.$client
    .prepare(`DELETE FROM idempotency_keys WHERE state = 'running' AND NOT ${markHeldSql(CLAIM_MARK, claimKeySql('api_key_id', 'key'))}`)
    .run().changes).immediate();
}

/** Forgets a claim whose request failed on our side, so that the client may retry with the same key. */
export function releaseIdempotencyKey(db: Db, apiKeyId: string, key: string): void {
  db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key))).run();
  unmarkClaim(db, apiKeyId, key);
}

/**
 * At start-up: drops every record past its 24 hours (a claim only ever drops its own key's) and rewrites
 * the stored answers that `reseal` replaces (answers an earlier version kept in clear), with SQLite's
 * secure_delete on so that the old bytes are zeroed in their pages instead of left as free space, then
 * truncates the WAL, which still held them. Returns how many records were dropped and rewritten.
 */
export function tidyIdempotencyKeys(db: Db, now: Date, reseal: (row: IdempotencyRow) => string | undefined): { purged: number; resealed: number } {
  const client: Database.Database = db.$client;
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  client.pragma('secure_delete = ON');
  try {
    const result = client.transaction(() => {
      const purged = db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff)).run().changes;
      let resealed = 0;
      for (const row of db.select().from(idempotencyKeys).where(eq(idempotencyKeys.state, 'done')).all()) {
        const body = row.responseBody === null ? undefined : reseal(row);
        if (body === undefined) continue;
        completeIdempotencyKey(db, row.apiKeyId, row.key, row.responseStatus ?? 200, body);
        resealed++;
      }
      return { purged, resealed };
    }).immediate();
    if (result.purged + result.resealed > 0) client.pragma('wal_checkpoint(TRUNCATE)');
    return result;
  } finally {
    client.pragma('secure_delete = OFF');
  }
}
