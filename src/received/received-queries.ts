/**
 * Reading an organization's received documents. Before they are read, what was left unanswered past its
 * window is settled as tacitly accepted — the law presumes it (Decreto 44739-H art. 20), so the answer a
 * reader gets is never one the deadline has overtaken. Scoped to the organization and environment read.
 */
import { costaRicaDate } from '../domain/costa-rica-time.ts';
import type { Clock } from '../domain/clock.ts';
import { AppError } from '../domain/errors.ts';
import type { Store } from '../store/database.ts';
import {
  findReceivedByClave, listReceived, markTacitlyAccepted, type ReceivedDocumentRow, type ReceivedQuery, type Scope,
} from '../store/received-documents.ts';

export interface QueryDependencies {
  store: Pick<Store, 'db' | 'transaction'>;
  clock: Clock;
}

function settle(deps: QueryDependencies, scope: Scope): void {
  const now = deps.clock.now();
  deps.store.transaction((db) => markTacitlyAccepted(db, scope, costaRicaDate(now), now));
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
