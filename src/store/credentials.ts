/**
 * Signing certificate and tax-authority (ATV) credentials per organization and environment. The .p12, its
 * PIN and the ATV password arrive here already sealed by the vault; this file never sees them in clear.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { prepared } from './prepared.ts';
import type { Db } from './database.ts';
import { credentials } from './schema.ts';

export type CredentialsRow = typeof credentials.$inferSelect;
export type NewCredentials = typeof credentials.$inferInsert;

export function getCredentials(db: Db, organizationId: number, environment: string): CredentialsRow | undefined {
  const statement = prepared(db, 'credentialsByOrganization', () => db.select().from(credentials)
    .where(and(eq(credentials.organizationId, sql.placeholder('organizationId')), eq(credentials.environment, sql.placeholder('environment'))))
    .prepare());
  return statement.get({ organizationId, environment });
}

/** When the row of (organization, environment) last changed, and whether it holds a certificate: cheap. */
export function credentialsVersion(db: Db, organizationId: number, environment: string): { updatedAt: string; hasCertificate: boolean } | undefined {
  const statement = prepared(db, 'credentialsVersion', () => db.select({ updatedAt: credentials.updatedAt, p12: sql<number>`${credentials.p12} IS NOT NULL AND ${credentials.pin} IS NOT NULL` }).from(credentials)
    .where(and(eq(credentials.organizationId, sql.placeholder('organizationId')), eq(credentials.environment, sql.placeholder('environment'))))
    .prepare());
  const row = statement.get({ organizationId, environment });
  return row ? { updatedAt: row.updatedAt, hasCertificate: Boolean(row.p12) } : undefined;
}

export function listCredentials(db: Db, organizationId: number): CredentialsRow[] {
  return db.select().from(credentials).where(eq(credentials.organizationId, organizationId)).all();
}

/** The environments in which the organization has a signing certificate (without reading the blobs). */
export function environmentsWithCertificate(db: Db, organizationId: number): Set<string> {
  const rows = db.select({ environment: credentials.environment }).from(credentials)
    .where(and(eq(credentials.organizationId, organizationId), isNotNull(credentials.p12)))
    .all();
  return new Set(rows.map((r) => r.environment));
}

/** Inserts or replaces the row of (organization, environment); `createdAt` survives a replacement. */
export function saveCredentials(db: Db, row: NewCredentials): CredentialsRow {
  const { organizationId: _o, environment: _e, createdAt: _c, ...changes } = row;
  return db.insert(credentials).values(row)
    .onConflictDoUpdate({ target: [credentials.organizationId, credentials.environment], set: changes })
    .returning()
    .get();
}

/** Removes certificate and credentials of one environment; false when there was nothing to remove. */
export function deleteCredentials(db: Db, organizationId: number, environment: string): boolean {
  const result = db.delete(credentials)
    .where(and(eq(credentials.organizationId, organizationId), eq(credentials.environment, environment)))
    .run();
  return result.changes > 0;
}

/**
 * The environments the installation uses: those where some organization stored its ATV credentials, the
 * only way anything here talks to the tax authority there. The reachability monitor probes only these.
 */
export function environmentsWithAtvCredentials(db: Db): string[] {
  const rows = db.selectDistinct({ environment: credentials.environment }).from(credentials).where(isNotNull(credentials.atvUser)).all();
  return rows.map((r) => r.environment);
}
