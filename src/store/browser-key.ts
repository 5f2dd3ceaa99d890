/**
 * The keys a signed-in browser acts as (docs/browser-access.md): internal keys of the local account, one
 * account-level key (created at the first sign-in; the session is bound to it) and one organization key
 * per organization and mode (created the first time the browser works on that organization in that
 * environment). Their secrets are thrown away at creation — the browser holds a session cookie, never a
 * key — so a row is only ever found by its name, which is reserved for them. Revoking the account-level one (DELETE /api-keys/:id)
 * ends every browser session; the next sign-in makes a new one.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './database.ts';
import { apiKeys } from './schema.ts';
import { createApiKey, type ApiKeyRow } from './api-keys.ts';

export const BROWSER_KEY_NAME = 'Browser session (internal)';

/**
 * Whether `name` is the internal keys' own: since they are found by it (and given the session's abilities),
 * no other key may be named so (POST /api-keys and `keys create` refuse it), in any case or spacing.
 */
export const isReservedKeyName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase() === BROWSER_KEY_NAME.toLowerCase();

export interface BrowserKeyScope {
  accountId: string;
  /** null: the account-level key. */
  organizationId: number | null;
  mode: 'test' | 'live';
}

/**
 * In order: the key is written from the same list it is compared with on every request, so no sort is needed
 * there; a list merely reordered by a new version is written once more, then matches.
 */
const sameAbilities = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((ability, i) => ability === b[i]);

/**
 * The internal key of `scope`, made on first use. An existing one is given the abilities asked for when they
 * differ: a key made by an older version lacks the abilities added since (issue 15's cashiers:*, shifts:*,
 * printers:*), and the owner's screens would be refused the new sections.
 */
export function browserKey(db: Db, scope: BrowserKeyScope, abilities: string[], now: Date): ApiKeyRow {
  const organization = scope.organizationId === null ? isNull(apiKeys.organizationId) : eq(apiKeys.organizationId, scope.organizationId);
  const existing = db.select().from(apiKeys)
    .where(and(eq(apiKeys.accountId, scope.accountId), organization, eq(apiKeys.mode, scope.mode), eq(apiKeys.name, BROWSER_KEY_NAME), isNull(apiKeys.revokedAt)))
    .get();
  if (existing) return sameAbilities(existing.abilities, abilities) ? existing : db.update(apiKeys).set({ abilities }).where(eq(apiKeys.id, existing.id)).returning().get()!;
  return createApiKey(db, { ...scope, name: BROWSER_KEY_NAME, abilities, expiresAt: null }, now).row;
}
