/**
 * Suppliers' documents (table `received_documents`, src/received/). The signed bytes are written once, as
 * received; a row is found by clave, which makes every way in idempotent. Later writes fill in what can come
 * later — the tax authority's answer, the PDF — and the answer's state; nothing overwrites what is there.
 */
import { and, asc, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from './db.ts';
import { receivedDocuments } from './schema.ts';

export type ReceivedDocumentRow = typeof receivedDocuments.$inferSelect;
export type NewReceivedDocument = Omit<typeof receivedDocuments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** What became of a later part of a document (its answer, its PDF), as the archive's attachImportedResponse says it. */
export type Attached = 'attached' | 'present' | 'missing';

export type ReceivedState = 'pending' | 'accepted' | 'partially_accepted' | 'rejected' | 'tacitly_accepted' | 'not_required';

export interface Scope {
  organizationId: number;
  environment: string;
}

const inScope = (scope: Scope): SQL =>
  and(eq(receivedDocuments.organizationId, scope.organizationId), eq(receivedDocuments.environment, scope.environment))!;

export function findReceivedByClave(db: Db, scope: Scope, clave: string): ReceivedDocumentRow | undefined {
  return db.select().from(receivedDocuments).where(and(inScope(scope), eq(receivedDocuments.clave, clave))).get();
}

/** Inserts the row unless its clave is already there; returns the new row's id, or undefined for a duplicate. */
export function insertReceived(db: Db, row: NewReceivedDocument, now: Date): number | undefined {
  const at = now.toISOString();
  return db.insert(receivedDocuments).values({ ...row, createdAt: at, updatedAt: at })
    .onConflictDoNothing().returning({ id: receivedDocuments.id }).get()?.id;
}

/**
 * The tax authority's answer, kept only where none is yet (a later copy of the same answer changes nothing) —
 * unless `replace`: a trusted answer taking the place of one that could not be trusted.
 */
export function attachHaciendaAnswer(
  db: Db, scope: Scope, clave: string, answer: { xml: Buffer; state: string; findings: ReceivedDocumentRow['findings'] }, now: Date, replace = false,
): boolean {
  return db.update(receivedDocuments)
    .set({ haciendaAnswerXml: answer.xml, haciendaAnswerState: answer.state, findings: answer.findings, updatedAt: now.toISOString() })
    .where(and(inScope(scope), eq(receivedDocuments.clave, clave), replace ? undefined : isNull(receivedDocuments.haciendaAnswerXml)))
    .run().changes > 0;
}

/** The printed copy, kept only where none is yet: `present` when it has one, `missing` when no such document. */
export function attachPdf(db: Db, scope: Scope, clave: string, pdf: Buffer, now: Date): Attached {
  const changed = db.update(receivedDocuments).set({ pdf, updatedAt: now.toISOString() })
    .where(and(inScope(scope), eq(receivedDocuments.clave, clave), isNull(receivedDocuments.pdf)))
    .run().changes;
  if (changed > 0) return 'attached';
  return findReceivedByClave(db, scope, clave) ? 'present' : 'missing';
}

/** What an answer claimed: CondicionImpuesto and MontoTotalImpuestoAcreditar (decimal text), where it has them. */
export interface AnswerClaim {
  taxCondition: string | null;
  creditableTax: string | null;
}

export function setReceivedState(db: Db, id: number, state: ReceivedState, answerDocumentId: number | null, claim: AnswerClaim, now: Date): void {
  db.update(receivedDocuments).set({ state, answerDocumentId, ...claim, updatedAt: now.toISOString() }).where(eq(receivedDocuments.id, id)).run();
}

/** A document that `markTacitlyAccepted` settled: what its `received.tacitly_accepted` event names. */
export interface TacitlyAccepted {
  id: number;
  clave: string;
  answerDue: string | null;
}

/**
 * The scope's pending documents whose answer window closed before `today` (YYYY-MM-DD) become tacitly
 * accepted, as the law presumes (Decreto 44739-H art. 20). Returns those it changed (none when already settled),
 * so that each change is announced once.
 */
export function markTacitlyAccepted(db: Db, scope: Scope, today: string, now: Date): TacitlyAccepted[] {
  return db.update(receivedDocuments).set({ state: 'tacitly_accepted', updatedAt: now.toISOString() })
    .where(and(inScope(scope), eq(receivedDocuments.state, 'pending'), lt(receivedDocuments.answerDue, today)))
    .returning({ id: receivedDocuments.id, clave: receivedDocuments.clave, answerDue: receivedDocuments.answerDue })
    .all();
}

export interface ReceivedQuery {
  state?: ReceivedState;
  supplier?: string; // the issuer's identification
  month?: string; // YYYY-MM, the transaction month
  sort?: 'deadline'; // nearest answer_due first (none last), instead of newest first
  limit: number;
  offset: number;
}

/** A page of an organization's received documents, newest first, with the count of all that match. */
export function listReceived(db: Db, scope: Scope, query: ReceivedQuery): { rows: ReceivedDocumentRow[]; total: number } {
  const where = and(
    inScope(scope),
    query.state ? eq(receivedDocuments.state, query.state) : undefined,
    query.supplier ? eq(receivedDocuments.issuerIdentification, query.supplier) : undefined,
    query.month ? eq(receivedDocuments.transactionMonth, query.month) : undefined,
  );
  const rows = db.select().from(receivedDocuments).where(where)
    .orderBy(...(query.sort === 'deadline' ? [sql`${receivedDocuments.answerDue} IS NULL`, asc(receivedDocuments.answerDue), asc(receivedDocuments.id)] : [desc(receivedDocuments.id)]))
    .limit(query.limit).offset(query.offset).all();
  const total = db.select({ n: count() }).from(receivedDocuments).where(where).get()?.n ?? 0;
  return { rows, total };
}

/** A received document named by a note's reference: by its clave, or by its consecutive. */
export function findReceivedByReference(db: Db, scope: Scope, number: string): ReceivedDocumentRow | undefined {
  return db.select().from(receivedDocuments)
    .where(and(inScope(scope), or(eq(receivedDocuments.clave, number), eq(receivedDocuments.consecutive, number)))).get();
}

/** The received notes whose references name `row` (its clave or its consecutive), oldest first. */
export function receivedNotesOf(db: Db, scope: Scope, row: Pick<ReceivedDocumentRow, 'clave' | 'consecutive'>): ReceivedDocumentRow[] {
  const ids = db.$client.prepare(
    `SELECT DISTINCT r.id AS id FROM received_documents r, json_each(r."references") j
      WHERE r.organization_id = ? AND r.environment = ? AND json_extract(j.value, '$.number') IN (?, ?) ORDER BY r.id`,
  ).all(scope.organizationId, scope.environment, row.clave, row.consecutive) as { id: number }[];
  return ids.map(({ id }) => db.select().from(receivedDocuments).where(eq(receivedDocuments.id, id)).get()!);
}
