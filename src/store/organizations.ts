/** Organizations (the taxpayers that issue) of the local account. */
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { prepared } from './prepared.ts';
import type { Db } from './database.ts';
import { organizations } from './schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;

export function getOrganization(db: Db, id: number): OrganizationRow | undefined {
  return prepared(db, 'organizationById', () => db.select().from(organizations).where(eq(organizations.id, sql.placeholder('id'))).prepare()).get({ id });
}

export function getOrganizationByUuid(db: Db, accountId: string, uuid: string): OrganizationRow | undefined {
  return db
    .select()
    .from(organizations)
    .where(and(eq(organizations.accountId, accountId), eq(organizations.uuid, uuid), isNull(organizations.deletedAt)))
    .get();
}

export function listOrganizations(db: Db, accountId: string): OrganizationRow[] {
  return db.select().from(organizations).where(and(eq(organizations.accountId, accountId), isNull(organizations.deletedAt))).all();
}

/** The account's active organization of `uuid`, or else (no uuid) its first active one, by id. */
export function activeOrganization(db: Db, accountId: string, uuid?: string): OrganizationRow | undefined {
  const scope = and(eq(organizations.accountId, accountId), eq(organizations.isActive, true), isNull(organizations.deletedAt));
  if (uuid !== undefined) return db.select().from(organizations).where(and(scope, eq(organizations.uuid, uuid))).get();
  return db.select().from(organizations).where(scope).orderBy(asc(organizations.id)).limit(1).get();
}

export function findOrganizationByIdentification(db: Db, accountId: string, identificationNumber: string): OrganizationRow | undefined {
  return db
    .select()
    .from(organizations)
    .where(and(eq(organizations.accountId, accountId), eq(organizations.identificationNumber, identificationNumber), isNull(organizations.deletedAt)))
    .get();
}

export function insertOrganization(db: Db, row: NewOrganization): OrganizationRow {
  return db.insert(organizations).values(row).returning().get();
}

export function updateOrganization(db: Db, id: number, changes: Partial<NewOrganization>): OrganizationRow | undefined {
  return db.update(organizations).set(changes).where(eq(organizations.id, id)).returning().get();
}

/** Organizations of the account that count against the plan's `max_organizations` (deleted ones do not). */
export function countOrganizations(db: Db, accountId: string): number {
  const row = db.select({ n: count() }).from(organizations)
    .where(and(eq(organizations.accountId, accountId), isNull(organizations.deletedAt)))
    .get();
  return row?.n ?? 0;
}

/** Soft delete: the row stays (its documents are fiscal records kept five years); its keys stop working. */
export function softDeleteOrganization(db: Db, id: number, now: Date): void {
  const at = now.toISOString();
  db.update(organizations).set({ deletedAt: at, updatedAt: at }).where(eq(organizations.id, id)).run();
}
