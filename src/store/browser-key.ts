/**
 * The account key a signed-in browser acts as (docs/browser-access.md): one internal account-level key of
 * the local account, created on the first browser sign-in and reused afterwards. Its secret is thrown
 * away at creation — the browser holds a session cookie, never a key — so the row is only ever found by
 * its name. Revoking it (DELETE /api-keys/:id) ends every browser session; the next sign-in makes a new one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './database.ts';
import { apiKeys } from './schema.ts';
import { createApiKey, type ApiKeyRow } from './api-keys.ts';

export const BROWSER_KEY_NAME = 'Browser session (internal)';

export function browserKey(db: Db, accountId: string, abilities: string[], now: Date): ApiKeyRow {
  const existing = db.select().from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.organizationId), eq(apiKeys.name, BROWSER_KEY_NAME), isNull(apiKeys.revokedAt)))
    .get();
  if (existing) return existing;
  return createApiKey(db, { accountId, organizationId: null, name: BROWSER_KEY_NAME, mode: 'test', abilities, expiresAt: null }, now).row;
}
