/**
 * Head office (docs/replication.md): one-time pairing codes. Only the SHA-256 of a code is kept; claiming one
 * is a single conditional UPDATE, so two tills racing for the same code (or two serve processes on one
 * PostgreSQL) cannot both get it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './db.ts';
import { pairingCodes } from './schema.ts';

export type PairingCodeRow = typeof pairingCodes.$inferSelect;

export function insertPairingCode(db: Db, row: { organizationId: number; codeHash: string; label: string; expiresAt: string; createdAt: string }): PairingCodeRow {
  return db.insert(pairingCodes).values({ ...row, usedAt: null, tillId: null }).returning().get();
}

export function findPairingCode(db: Db, codeHash: string): PairingCodeRow | undefined {
  return db.select().from(pairingCodes).where(eq(pairingCodes.codeHash, codeHash)).get();
}

/**
 * Marks the code used, if it still is unused and unexpired at `now`: true when this call claimed it. Run in
 * the transaction that creates the till, so a failure after the claim gives the code back.
 */
export function claimPairingCode(db: Db, codeHash: string, now: Date): boolean {
  const iso = now.toISOString();
  return db.$client
    .prepare('UPDATE pairing_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?')
    .run(iso, codeHash, iso).changes === 1;
}

/** The till a claimed code paired. */
export function notePairedTill(db: Db, id: number, tillId: number): void {
  db.update(pairingCodes).set({ tillId }).where(eq(pairingCodes.id, id)).run();
}
