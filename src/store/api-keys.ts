/**
 * API keys. The full secret is shown once, at creation; only its SHA-256 is stored, so a stolen database
 * does not hand out working keys. Listings show the `prefix` (the first characters) only.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { prepared } from './prepared.ts';
import type { Db } from './database.ts';
import { apiKeys, organizations } from './schema.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const PREFIX_LENGTH = 14;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** `fct_test_` or `fct_live_` followed by 40 base-62 characters (≈ 238 bits). */
function newSecret(mode: string): string {
  const bytes = randomBytes(40);
  let body = '';
  for (const b of bytes) body += ALPHABET[b % 62];
  return `fct_${mode}_${body}`;
}

export interface NewApiKey {
  accountId: string;
  organizationId: number | null;
  name: string;
  mode: 'test' | 'live';
  abilities: string[];
  expiresAt: string | null;
}

export function createApiKey(db: Db, input: NewApiKey, now: Date): { row: ApiKeyRow; secret: string } {
  const secret = newSecret(input.mode);
  const row: ApiKeyRow = {
    id: randomUUID(),
    accountId: input.accountId,
    organizationId: input.organizationId,
    name: input.name,
    mode: input.mode,
    prefix: secret.slice(0, PREFIX_LENGTH),
    secretHash: hashSecret(secret),
    abilities: input.abilities,
    createdAt: now.toISOString(),
    expiresAt: input.expiresAt,
    lastUsedAt: null,
    revokedAt: null,
  };
  db.insert(apiKeys).values(row).run();
  return { row, secret };
}

export function findApiKeyBySecret(db: Db, secret: string): ApiKeyRow | undefined {
  const statement = prepared(db, 'apiKeyByHash', () => db.select().from(apiKeys).where(eq(apiKeys.secretHash, sql.placeholder('hash'))).prepare());
  return statement.get({ hash: hashSecret(secret) });
}

export function getApiKey(db: Db, accountId: string, id: string): ApiKeyRow | undefined {
  return db.select().from(apiKeys).where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id))).get();
}

export function listApiKeys(db: Db, accountId: string): ApiKeyRow[] {
  return db.select().from(apiKeys).where(eq(apiKeys.accountId, accountId)).orderBy(desc(apiKeys.createdAt)).all();
}

export function revokeApiKey(db: Db, id: string, now: Date): void {
  db.update(apiKeys).set({ revokedAt: now.toISOString() }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).run();
}

/** Records use at most once a minute per key, so reads do not turn into a write per request. */
export function touchApiKey(db: Db, key: ApiKeyRow, now: Date): void {
  if (key.lastUsedAt && now.getTime() - Date.parse(key.lastUsedAt) < 60_000) return;
  db.update(apiKeys).set({ lastUsedAt: now.toISOString() }).where(eq(apiKeys.id, key.id)).run();
}

/** A key with the uuid of its organization (null for account keys), as the API shows it. */
export type ApiKeyView = ApiKeyRow & { organizationUuid: string | null };

/** The account's keys, newest first, revoked ones included; or one of them when `id` is given. */
export function listApiKeyViews(db: Db, accountId: string, id?: string): ApiKeyView[] {
  return db
    .select({ key: apiKeys, organizationUuid: organizations.uuid })
    .from(apiKeys)
    .leftJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(id === undefined ? eq(apiKeys.accountId, accountId) : and(eq(apiKeys.accountId, accountId), eq(apiKeys.id, id)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all()
    .map((r) => ({ ...r.key, organizationUuid: r.organizationUuid }));
}
