/** Organizations (the taxpayers that issue) of the local account. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from './database.ts';
import { organizations } from './schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganization = typeof organizations.$inferInsert;

export function getOrganization(db: Db, id: number): OrganizationRow | undefined {
  return db.select().from(organizations).where(eq(organizations.id, id)).get();
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
