/**
 * Login tokens written by `facturador login-url` for the server running on the same data directory
 * (docs/browser-access.md). Only the SHA-256 digest is stored: the database (and its backups) never hold
 * a token that could still be used. Spending one deletes it, so it works once.
 */
import { createHash } from 'node:crypto';
import { eq, lte } from 'drizzle-orm';
import type { Db } from './database.ts';
import { loginTokens } from './schema.ts';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export function storeLoginToken(db: Db, token: string, expiresAt: Date, now: Date): void {
  db.delete(loginTokens).where(lte(loginTokens.expiresAt, now.toISOString())).run(); // old ones go
  db.insert(loginTokens).values({ tokenHash: digest(token), expiresAt: expiresAt.toISOString(), createdAt: now.toISOString() }).run();
}

/** True once per stored token, and only before it expires. */
export function spendLoginToken(db: Db, token: string, now: Date): boolean {
  const [row] = db.delete(loginTokens).where(eq(loginTokens.tokenHash, digest(token))).returning().all();
  return row !== undefined && row.expiresAt > now.toISOString();
}
