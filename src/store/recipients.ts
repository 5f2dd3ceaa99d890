/** Saved recipients (customers) of an organization. Every query is scoped by organization. */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from './database.ts';
import { recipients } from './schema.ts';

export type RecipientRow = typeof recipients.$inferSelect;
/** The columns a client sets (everything but ids, owner and timestamps). */
export type RecipientFields = Omit<RecipientRow, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>;

export interface RecipientQuery {
  search?: string;
  limit: number;
  offset: number;
}

/** `%` and `_` in a search are literal characters, not wildcards. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function scope(organizationId: number, search: string | undefined): SQL | undefined {
  const owned = eq(recipients.organizationId, organizationId);
  if (!search) return owned;
  const pattern = containing(search);
  // SQLite's LIKE ignores ASCII case; ESCAPE makes the backslashes of containing() work.
  const match = (column: AnySQLiteColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  return and(owned, or(match(recipients.name), match(recipients.commercialName), match(recipients.identificationNumber)));
}

export function listRecipients(db: Db, organizationId: number, query: RecipientQuery): { rows: RecipientRow[]; total: number } {
  const where = scope(organizationId, query.search);
  const rows = db.select().from(recipients).where(where)
    .orderBy(asc(recipients.name), asc(recipients.id))
    .limit(query.limit).offset(query.offset)
    .all();
  const total = db.select({ n: count() }).from(recipients).where(where).get()?.n ?? 0;
  return { rows, total };
}

export function getRecipient(db: Db, organizationId: number, id: number): RecipientRow | undefined {
  return db.select().from(recipients).where(and(eq(recipients.organizationId, organizationId), eq(recipients.id, id))).get();
}

/** Duplicates are allowed (the same customer with two addresses); the most recently updated one wins. */
export function findRecipientByIdentification(db: Db, organizationId: number, identificationNumber: string): RecipientRow | undefined {
  return db.select().from(recipients)
    .where(and(eq(recipients.organizationId, organizationId), eq(recipients.identificationNumber, identificationNumber)))
    .orderBy(desc(recipients.updatedAt), desc(recipients.id))
    .get();
}

export function insertRecipient(db: Db, organizationId: number, fields: RecipientFields, now: Date): RecipientRow {
  const at = now.toISOString();
  return db.insert(recipients).values({ ...fields, organizationId, createdAt: at, updatedAt: at }).returning().get();
}

/** Replaces every client field; undefined when the recipient is not the organization's. */
export function replaceRecipient(db: Db, organizationId: number, id: number, fields: RecipientFields, now: Date): RecipientRow | undefined {
  return db.update(recipients).set({ ...fields, updatedAt: now.toISOString() })
    .where(and(eq(recipients.organizationId, organizationId), eq(recipients.id, id)))
    .returning()
    .get();
}

export function deleteRecipient(db: Db, organizationId: number, id: number): boolean {
  return db.delete(recipients).where(and(eq(recipients.organizationId, organizationId), eq(recipients.id, id))).run().changes > 0;
}
