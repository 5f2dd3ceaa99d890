/**
 * Reading an organization's received documents. Before they are read, what was left unanswered past its
 * window is settled as tacitly accepted — the law presumes it (Decreto 44739-H art. 20), so the answer a
 * reader gets is never one the deadline has overtaken. Scoped to the organization and environment read.
 */
import { costaRicaDate } from '../domain/costa-rica-time.ts';
import type { Clock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import type { Store } from '../store/database.ts';
import type { Emit } from '../store/document-status.ts';
import {
  findReceivedByClave, findReceivedByReference, listReceived, receivedNotesOf, markTacitlyAccepted, type ReceivedDocumentRow, type ReceivedQuery, type Scope,
} from '../store/received-documents.ts';
import { emitterOf, emitTacitlyAccepted } from './received-events.ts';

export interface QueryDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
  /** Records `received.*` events and fans them out (core.ts); record only when absent. */
  emit?: Emit;
}

/**
 * Settles the scope's documents whose window closed unanswered, each with its `received.tacitly_accepted` in the
 * same transaction (the outbox job of deadline-digest-job.ts does it daily too, for readers that never come).
 */
export function settle(deps: QueryDependencies, scope: Scope): void {
  const now = deps.clock.now();
  const emit = emitterOf(deps);
  deps.store.transaction((db) => {
    for (const settled of markTacitlyAccepted(db, scope, costaRicaDate(now), now)) emitTacitlyAccepted(emit, db, scope, settled, now);
  });
}

export function listReceivedDocuments(deps: QueryDependencies, scope: Scope, query: ReceivedQuery): { rows: ReceivedDocumentRow[]; total: number } {
  settle(deps, scope);
  return listReceived(deps.store.db, scope, query);
}

/** The document, or 404 `not_found` when the organization has no document with that clave. */
export function getReceivedDocument(deps: QueryDependencies, scope: Scope, clave: string): ReceivedDocumentRow {
  settle(deps, scope);
  const row = findReceivedByClave(deps.store.db, scope, clave);
  if (!row) throw new AppError('not_found', 404, `No received document ${clave} in this organization.`);
  return row;
}

/** What a note refers to, resolved among the received documents where it is one of them. */
export interface ResolvedReference {
  documentType: string;
  number: string | null;
  code: string | null;
  /** The received document it names, when it is here. */
  clave: string | null;
}

/** A document's links: the documents its references name, and the notes that name it. */
export function relatedDocuments(deps: QueryDependencies, scope: Scope, row: ReceivedDocumentRow): { references: ResolvedReference[]; notes: ReceivedDocumentRow[] } {
  const references = row.references.map((r) => ({
    documentType: r.documentType,
    number: r.number ?? null,
    code: r.code ?? null,
    clave: r.number ? findReceivedByReference(deps.store.db, scope, r.number)?.clave ?? null : null,
  }));
  return { references, notes: receivedNotesOf(deps.store.db, scope, row) };
}
