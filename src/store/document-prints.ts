/**
 * How a document's printing went (the "no impreso — reintentar" state, docs/printing.md): one row per
 * document printed at least once or tried. `copies` counts the times it came out of a printer. Once it has
 * come out, a reprint that fails leaves the row as it was: the sale's receipt was printed, and the caller of
 * the reprint is told at once. Written with relaxed commits: a state lost to a power cut is bookkeeping
 * (the document itself is committed with synchronous=FULL), and a print is never on the issuing path's fsync.
 * A print job lives in the memory of the process that started it; on PostgreSQL, shared by several processes,
 * that process marks it as its own while it runs (live-marks.ts).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { documentPrints } from './schema.ts';
import { onPostgres } from './sql-dialect.ts';
import { jobKeySql, markHeldSql, PRINT_MARK, releaseMark, takeMark } from './live-marks.ts';

const PRINT_KEY = jobKeySql('CAST(? AS bigint)');

/** This process's mark on a print it finished goes (PostgreSQL). */
function unmarkPrint(db: Db, documentId: number): void {
  releaseMark(db, PRINT_MARK, String(documentId), PRINT_KEY, documentId);
}

export type DocumentPrintRow = typeof documentPrints.$inferSelect;

/** A print has started: shown as `printing` unless the document was printed before. */
export function markPrinting(db: Db, documentId: number, printerId: number, at: Date): void {
  // PostgreSQL: the mark before the row, so that no other process ever sees this print `printing` unmarked.
  if (onPostgres(db)) takeMark(db, PRINT_MARK, String(documentId), PRINT_KEY, documentId);
  const values = { state: 'printing', printerId, reason: null, detail: null, updatedAt: at.toISOString() };
  db.insert(documentPrints).values({ documentId, ...values, copies: 0 })
    .onConflictDoUpdate({ target: documentPrints.documentId, set: values, setWhere: sql`${documentPrints.copies} = 0` })
    .run();
}

export function recordPrinted(db: Db, documentId: number, printerId: number, at: Date): void {
  const values = { state: 'printed', printerId, reason: null, detail: null, updatedAt: at.toISOString() };
  db.insert(documentPrints).values({ documentId, ...values, copies: 1 })
    .onConflictDoUpdate({ target: documentPrints.documentId, set: { ...values, copies: sql`${documentPrints.copies} + 1` } })
    .run();
  unmarkPrint(db, documentId);
}

/** Not printed, and why; kept only while the document has never been printed. */
export function recordNotPrinted(db: Db, documentId: number, printerId: number, reason: string, detail: string, at: Date): void {
  const values = { state: 'failed', printerId, reason, detail, updatedAt: at.toISOString() };
  db.insert(documentPrints).values({ documentId, ...values, copies: 0 })
    .onConflictDoUpdate({ target: documentPrints.documentId, set: values, setWhere: sql`${documentPrints.copies} = 0` })
    .run();
  unmarkPrint(db, documentId);
}

/**
 * A job carrying the drawer pulse goes to the printer (after markPrinting, so the row exists). Recorded
 * before it is sent: the pulse is the job's first command, and a run cut short mid-job has opened it too.
 */
export function recordDrawerOpened(db: Db, documentId: number, at: Date): void {
  db.update(documentPrints).set({ drawerOpenedAt: at.toISOString() }).where(eq(documentPrints.documentId, documentId)).run();
}

/** The job never reached the printer (off, unreachable, out of paper): its pulse opened nothing. */
export function clearDrawerOpened(db: Db, documentId: number): void {
  db.update(documentPrints).set({ drawerOpenedAt: null }).where(eq(documentPrints.documentId, documentId)).run();
}

export function documentPrint(db: Db, documentId: number): DocumentPrintRow | undefined {
  return db.select().from(documentPrints).where(eq(documentPrints.documentId, documentId)).get();
}

/** The print rows of a page of documents, by document id. */
export function documentPrintsOf(db: Db, documentIds: readonly number[]): Map<number, DocumentPrintRow> {
  if (documentIds.length === 0) return new Map();
  const rows = db.select().from(documentPrints).where(inArray(documentPrints.documentId, [...documentIds])).all();
  return new Map(rows.map((r) => [r.documentId, r]));
}

/**
 * At start-up: a print still `printing` was cut short by the end of the previous run (its job lived in
 * memory), so the document shows "not printed — retry" instead of printing forever. On PostgreSQL only the
 * prints no live process marks (another process's print in progress is left alone); safe at any time there.
 */
export function failInterruptedPrints(db: Db, at: Date): number {
  const set = { state: 'failed', reason: 'failed', detail: 'the application stopped before the receipt was printed', updatedAt: at.toISOString() };
  if (!onPostgres(db)) return db.update(documentPrints).set(set).where(eq(documentPrints.state, 'printing')).run().changes;
  return db.$client.transaction(() => db.update(documentPrints).set(set)
    .where(sql`${documentPrints.state} = 'printing' AND NOT ${sql.raw(markHeldSql(PRINT_MARK, jobKeySql('document_prints.document_id')))}`)
    .run().changes).immediate();
}
