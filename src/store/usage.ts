/**
 * The production figures that billing counts (src/billing/usage.ts turns them into units). Documents
 * of deleted organizations still count: they were issued and used the service.
 */
import { and, count, countDistinct, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ISSUABLE_DOCUMENT_TYPES } from '../domain/codes.ts';
import type { Db } from './database.ts';
import { documents, organizations } from './schema.ts';

/** MensajeReceptor: acceptance, partial acceptance, rejection. */
export const RECEIVER_MESSAGE_TYPES = ['05', '06', '07'] as const;
/** Production documents still waiting for the tax authority's verdict. */
export const IN_FLIGHT_STATUSES = ['processing', 'sent', 'queued'] as const;

export interface PeriodCounts {
  documents: number;
  receiverMessages: number;
  activeOrganizations: number;
}

function ofAccountInProduction(accountId: string) {
  return and(eq(organizations.accountId, accountId), eq(documents.environment, 'production'));
}

/** Timestamps are UTC ISO text (schema.ts), so text order is time order. */
function createdWithin(from: Date, to: Date) {
  return and(gte(documents.createdAt, from.toISOString()), lt(documents.createdAt, to.toISOString()));
}

/** Production documents and receiver messages created in [from, to). */
export function periodCounts(db: Db, accountId: string, from: Date, to: Date): PeriodCounts {
  const isType = (types: readonly string[]) => sql<number>`coalesce(sum(${inArray(documents.documentType, [...types])}), 0)`;
  const row = db
    .select({ documents: isType(ISSUABLE_DOCUMENT_TYPES), receiverMessages: isType(RECEIVER_MESSAGE_TYPES), activeOrganizations: countDistinct(documents.organizationId) })
    .from(documents)
    .innerJoin(organizations, eq(organizations.id, documents.organizationId))
    .where(and(ofAccountInProduction(accountId), createdWithin(from, to)))
    .get();
  return { documents: Number(row?.documents ?? 0), receiverMessages: Number(row?.receiverMessages ?? 0), activeOrganizations: Number(row?.activeOrganizations ?? 0) };
}

/** Production documents of the account awaiting a verdict, whenever they were submitted. */
export function inFlightCount(db: Db, accountId: string): number {
  const row = db
    .select({ n: count() })
    .from(documents)
    .innerJoin(organizations, eq(organizations.id, documents.organizationId))
    .where(and(ofAccountInProduction(accountId), inArray(documents.status, [...IN_FLIGHT_STATUSES])))
    .get();
  return row?.n ?? 0;
}
