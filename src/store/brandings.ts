/** Branding of an organization's PDFs and e-mails: one row per organization, created on first change. */
import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import { brandings } from './schema.ts';

export type BrandingRow = typeof brandings.$inferSelect;
export type BrandingChanges = Partial<Omit<BrandingRow, 'organizationId' | 'updatedAt'>>;

export function getBranding(db: Db, organizationId: number): BrandingRow | undefined {
  return db.select().from(brandings).where(eq(brandings.organizationId, organizationId)).get();
}

/** Applies the given columns only; the others keep their value. */
export function saveBranding(db: Db, organizationId: number, changes: BrandingChanges, now: Date): BrandingRow {
  const updatedAt = now.toISOString();
  return db.insert(brandings).values({ organizationId, ...changes, updatedAt })
    .onConflictDoUpdate({ target: brandings.organizationId, set: { ...changes, updatedAt } })
    .returning()
    .get();
}
