/**
 * Suppliers' documents that still await our answer, by deadline (the screen's banner, the e-mail digest):
 * `pending` rows of a scope, nearest `answer_due` first. Which day counts as "near" is the caller's business-day
 * arithmetic; here a deadline is near when it falls before a given day.
 */
import { and, asc, count, eq, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from './db.ts';
import type { ReceivedDocumentRow, Scope } from './received-documents.ts';
import { receivedDocuments } from './schema.ts';

const pendingIn = (scope: Scope): SQL =>
  and(eq(receivedDocuments.organizationId, scope.organizationId), eq(receivedDocuments.environment, scope.environment), eq(receivedDocuments.state, 'pending'))!;

/** All the scope's documents awaiting an answer, and those whose last day comes before `before` (YYYY-MM-DD). */
export function pendingCounts(db: Db, scope: Scope, before: string): { pending: number; dueBefore: number } {
  const pending = db.select({ n: count() }).from(receivedDocuments).where(pendingIn(scope)).get()?.n ?? 0;
  const dueBefore = db.select({ n: count() }).from(receivedDocuments).where(and(pendingIn(scope), lt(receivedDocuments.answerDue, before))).get()?.n ?? 0;
  return { pending, dueBefore };
}

export type PendingDocument = Pick<ReceivedDocumentRow, 'id' | 'clave' | 'consecutive' | 'issuerIdentification' | 'issuerName' | 'totalAmount' | 'currency'> & { answerDue: string };

/** The scope's documents awaiting an answer with a known last day (before `before`, when given), nearest first. */
export function nearestPending(db: Db, scope: Scope, limit: number, before?: string): PendingDocument[] {
  return db.select({
    id: receivedDocuments.id, clave: receivedDocuments.clave, consecutive: receivedDocuments.consecutive, issuerIdentification: receivedDocuments.issuerIdentification,
    issuerName: receivedDocuments.issuerName, totalAmount: receivedDocuments.totalAmount, currency: receivedDocuments.currency, answerDue: receivedDocuments.answerDue,
  }).from(receivedDocuments)
    .where(and(pendingIn(scope), isNotNull(receivedDocuments.answerDue), before ? lt(receivedDocuments.answerDue, before) : undefined))
    .orderBy(asc(receivedDocuments.answerDue), asc(receivedDocuments.id))
    .limit(limit)
    .all() as PendingDocument[];
}

/** The environments in which the organization has documents awaiting an answer (the daily job settles each). */
export function environmentsWithPending(db: Db, organizationId: number): string[] {
  return db.selectDistinct({ environment: receivedDocuments.environment }).from(receivedDocuments)
    .where(and(eq(receivedDocuments.organizationId, organizationId), eq(receivedDocuments.state, 'pending')))
    .all().map((r) => r.environment);
}
